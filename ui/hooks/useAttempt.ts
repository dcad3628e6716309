import { useCallback, useEffect, useRef, useState } from 'react'

export type AttemptState = { status: 'pending' | 'success' | 'error'; error?: unknown }

/**
 * Runs an action once when the view mounts and again on `retry()`, tracking pending, success
 * and error. A result that arrives after the view left is ignored; React's development
 * double-mount does not run it twice.
 *
 * @param run - the action (connect, switch, …)
 * @param onSuccess - what to do after it succeeded (close, go back)
 * @example
 * const { state, retry } = useAttempt(() => portico.connect(...), () => portico.close())
 */
export function useAttempt<T>(run: (() => Promise<T>) | undefined, onSuccess: (result: T) => void): { state: AttemptState; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<AttemptState>({ status: 'pending' })
  const started = useRef(-1)
  const mounted = useRef(true)
  const runRef = useRef(run)
  runRef.current = run
  const successRef = useRef(onSuccess)
  successRef.current = onSuccess

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useEffect(() => {
    const action = runRef.current
    if (!action || started.current === attempt) return
    started.current = attempt
    setState({ status: 'pending' })
    action().then(
      (result) => {
        if (!mounted.current || started.current !== attempt) return
        setState({ status: 'success' })
        successRef.current(result)
      },
      (error: unknown) => {
        if (!mounted.current || started.current !== attempt) return
        setState({ status: 'error', error })
      },
    )
  }, [attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { state, retry }
}
