import { truncateAddress } from '../../utils/truncateAddress.js'
import { Spinner } from '../Spinner/Spinner.js'

/**
 * The inside of a page button while a returning visitor's account is restored
 * (`restoreCookie: { account: true }`): a spinner and the short address being restored,
 * no balance (none is known yet). The button around it is `aria-busy` and dims the address.
 *
 * @example
 * <RestoringAccount address="0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" /> // ◌ 0xf39F…2266
 */
export function RestoringAccount({ address }: { address: string }) {
  return (
    <>
      <Spinner />
      <span className="portico-page-button__address">{truncateAddress(address)}</span>
    </>
  )
}
