/** The top of the till screen: the app and which till this is. */
import type { BootContext } from '../store/schema.ts';

/** Props of {@link TillHeader}. */
export interface TillHeaderProps {
  context: BootContext;
}

/** The till's name ("Till 1"), from the device Epos Now opened the app on. */
export function tillName(context: BootContext): string {
  return context.deviceId ? `Till ${context.deviceId}` : 'This till';
}

/** App title and till name. */
export function TillHeader({ context }: TillHeaderProps) {
  return (
    <header class="till-header">
      <h1>Epos Till</h1>
      <span class="till-name">{tillName(context)}</span>
    </header>
  );
}
