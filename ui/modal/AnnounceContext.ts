import { createContext } from 'react'

/** Sets the text of the modal's live region (role="status"). */
export const AnnounceContext = createContext<(message: string) => void>(() => {})
