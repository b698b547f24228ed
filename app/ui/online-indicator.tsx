/** Online or offline, announced when it changes. */

/** Props of {@link OnlineIndicator}. */
export interface OnlineIndicatorProps {
  online: boolean;
}

/** The connection as the browser sees it. */
export function OnlineIndicator({ online }: OnlineIndicatorProps) {
  return (
    <span role="status" aria-label="Connection" class={online ? 'pill pill-online' : 'pill pill-offline'}>
      {online ? 'Online' : 'Offline'}
    </span>
  );
}
