/**
 * The page's channel (`PageChannel`) as the page tests drive it: `post` delivers a message to
 * every listener at once, as the worker's broadcast would (anything, to test what a listener
 * ignores); `sent` holds what the page announced to other tabs; `listening()` counts listeners.
 */
import type { WorkerMessage } from '../../app/store/channel.ts';

export function fakeChannel() {
  const listeners = new Set<EventListenerOrEventListenerObject>();
  const sent: WorkerMessage[] = [];
  return {
    addEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
      if (type === 'message' && listener) listeners.add(listener);
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
      if (type === 'message' && listener) listeners.delete(listener);
    },
    postMessage(message: WorkerMessage) {
      sent.push(message);
    },
    sent,
    post(data: unknown) {
      for (const listener of [...listeners]) {
        const event = new MessageEvent('message', { data });
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      }
    },
    listening: () => listeners.size,
  };
}
