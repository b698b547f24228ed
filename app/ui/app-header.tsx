/** The top of every screen: the app, which till this is, and the way between till and back office. */
import type { BootContext } from '../store/schema.ts';
import { type Route, routeHash } from './route.ts';

/** Props of {@link AppHeader}. */
export interface AppHeaderProps {
  context: BootContext;
  /** The till's name from the settings; '' for the device's. */
  name: string;
  route: Route;
}

/** The till's name: the configured one, else "Till 3" from the device Epos Now opened the app on. */
function tillName(context: BootContext, configured = ''): string {
  return configured || (context.deviceId ? `Till ${context.deviceId}` : 'This till');
}

/** App title, till name and the two screens. */
export function AppHeader({ context, name, route }: AppHeaderProps) {
  const link = (label: string, target: Route) => (
    <a class="nav-link" href={routeHash(target)} aria-current={route.screen === target.screen ? 'page' : undefined}>
      {label}
    </a>
  );
  return (
    <header class="till-header">
      <h1>Epos Till</h1>
      <span class="till-name">{tillName(context, name)}</span>
      <nav class="app-nav" aria-label="Screens">
        {link('Till', { screen: 'till' })}
        {link('Back office', { screen: 'office', section: 'settings' })}
      </nav>
    </header>
  );
}
