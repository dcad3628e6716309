/**
 * The dev wallet's icon as a `data:image/svg+xml` URI (EIP-6963 requires a data URI). A door-frame
 * ("portico") in white on an indigo square; no external request is made to show it.
 */
export const devWalletIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
    '<rect width="96" height="96" rx="20" fill="#4338ca"/>' +
    '<path d="M20 30h56v8H20zM26 42h8v32h-8zM44 42h8v32h-8zM62 42h8v32h-8zM18 76h60v6H18zM48 12l30 14H18z" fill="#fff"/>' +
    '</svg>',
)}`
