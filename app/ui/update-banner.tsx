/** A new version of the app is installed and waits to take over. */

/** Props of {@link UpdateBanner}. */
export interface UpdateBannerProps {
  onUpdate: () => void;
}

/** "Update available" with the button that applies it (the page reloads). */
export function UpdateBanner({ onUpdate }: UpdateBannerProps) {
  return (
    <aside class="update-banner" aria-label="App update">
      <span>Update available</span>
      <button type="button" class="button" onClick={onUpdate}>
        Update now
      </button>
    </aside>
  );
}
