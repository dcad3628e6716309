/** The package version, stamped into error messages and the `sv` query parameter. */
export const version = '0.1.0'
