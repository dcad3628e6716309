// Sui's GraphQL RPC client from @mysten/sui (an optional peer dependency), loaded with `await import()`
// on the first node read of a network whose URL is GraphQL (the presets').
export { SuiGraphQLClient } from '@mysten/sui/graphql'
