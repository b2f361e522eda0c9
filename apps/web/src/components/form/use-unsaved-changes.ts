/**
 * A screen with unsaved edits asks before it is left (issue 17): in-app navigation through React
 * Router's blocker, a reload or a closed tab through `beforeunload` (the browser shows its own
 * text there). Changing only the query (a filter, a page) stays on the screen and is not asked.
 *
 * The blocker reads the latest `dirty` through a ref: a form that saves and then navigates in the
 * same tick calls `release()` first, since no render has happened in between to clear `dirty`.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { SESSION_EXPIRED_EVENT } from '../../lib/api-client';
import { confirmAction, leaveWithChangesMessage } from '../confirm';

export function useUnsavedChanges(dirty: boolean): { release: () => void } {
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) released.current = false;
  }, [dirty]);
  // A session that ran out (a 401) goes to /login without asking: the form has kept its draft (use-form-draft.ts).
  useEffect(() => {
    const letGo = () => {
      released.current = true;
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, letGo);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, letGo);
  }, []);
  const blocker = useBlocker(useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => dirtyRef.current && !released.current && currentLocation.pathname !== nextLocation.pathname, []));
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (confirmAction(leaveWithChangesMessage)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older Chromium builds still need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return {
    release: useCallback(() => {
      released.current = true;
    }, []),
  };
}
