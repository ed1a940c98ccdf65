/** Choosing to run without a service, and connecting one later: both are the localOnly setting. */
import { useAction, useLive } from '../state.tsx';
import { ErrorNote } from './ui.tsx';

export function useLocalOnly() {
  const { api, settings, setSettings } = useLive();
  const { busy, error, run } = useAction();
  const choose = async (on: boolean) => {
    const v = await run(() => api.updateSettings({ localOnly: on }));
    if (v) setSettings(v);
  };
  return { choose, busy, error, locked: settings?.locked.includes('localOnly') ?? false };
}

export function ConnectServiceButton({ className = 'primary' }: { className?: string }) {
  const { choose, busy, error } = useLocalOnly();
  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => void choose(false)}>
        Connect a service
      </button>
      <ErrorNote error={error} />
    </>
  );
}
