import { useIsSignedIn } from '../../lib/auth-token.ts';
import { AppFrame } from './app-frame.tsx';
import { VisitorLayout } from './visitor-layout.tsx';

/** Pages open to everyone (the 404 page) show the frame to a signed-in user and the visitor layout otherwise. */
export function FrameWhenSignedIn() {
  return useIsSignedIn() ? <AppFrame /> : <VisitorLayout wide />;
}
