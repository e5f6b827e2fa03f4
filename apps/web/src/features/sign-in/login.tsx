import { firstLoginView, type LoginEvent, type LoginMachine, type LoginOutput, type LoginView } from '@vendo/core';
import { useActorRef } from '@xstate/react';
import {
  createContext,
  Fragment,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { reloadOnce } from '../../lib/platform/chunk-reload.ts';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session } from '../../lib/session.tsx';

type LoginFlowCode = typeof import('./login-flow.ts');
type LoginActor = ActorRefFrom<LoginMachine>;
type LoginSnapshot = SnapshotFrom<LoginMachine>;

/**
 * The flow's code. A failure reloads the page once (chunk-reload.ts); a success leaves that tab's marker
 * alone: cleared by this load, which comes at every start, it let a screen whose code keeps failing
 * reload the page again and again instead of reaching the error boundary.
 */
const loadLoginFlow = () => import('./login-flow.ts');

interface RunningLogin {
  /** Null until the flow's code has arrived and the flow runs: the screens draw its first view meanwhile. */
  readonly actor: LoginActor | null;
  readonly view: LoginFlowCode['loginView'] | null;
}

const LoginContext = createContext<RunningLogin>({ actor: null, view: null });
const RestartLogin = createContext<() => void>(() => {});

/** Runs the flow once its code is here, hands every confirmed sign-in to the session, and draws nothing. */
function LoginRunner({ code, onRun }: { code: LoginFlowCode; onRun: (actor: LoginActor) => void }) {
  const { api, apiWithToken } = usePlatform();
  const session = Session.useActorRef();
  const logic = useMemo(
    () => code.loginMachine.provide({ actors: code.loginActors({ api, apiFor: (token) => apiWithToken(token) }) }),
    [code, api, apiWithToken],
  );
  const actor = useActorRef(logic, { input: {} });
  useEffect(() => onRun(actor), [actor, onRun]);
  useEffect(() => {
    const subscription = actor.on('signed.in', ({ token, member }) => {
      session.send({ type: 'session.started', token, member });
    });
    return () => subscription.unsubscribe();
  }, [actor, session]);
  return null;
}

/**
 * The sign-in flow, shared by `/`, `/phone-verification` and the login modal (spec §4). Its code comes
 * after the first paint; a finished (or abandoned) sign-in starts over with a fresh flow and fresh screens.
 */
export function LoginProvider({ children }: { children: ReactNode }) {
  const [code, setCode] = useState<LoginFlowCode | { failure: unknown } | null>(null);
  const [round, setRound] = useState(0);
  const [running, setRunning] = useState<{ round: number; actor: LoginActor } | null>(null);
  // As transitions: the flow's arrival may come while a server-drawn screen is still being taken over, and
  // an update of default priority would make React finish that in one task that keeps a tap waiting.
  useEffect(() => {
    loadLoginFlow().then(
      (loaded) => startTransition(() => setCode(loaded)),
      (failure: unknown) => {
        if (!reloadOnce()) setCode({ failure });
      },
    );
  }, []);
  const restart = useCallback(() => setRound((count) => count + 1), []);
  const onRun = useCallback((actor: LoginActor) => startTransition(() => setRunning({ round, actor })), [round]);
  // A flow of an earlier round is never shown: between rounds the screens draw the first view.
  const actor = running?.round === round ? running.actor : null;
  const flow = code && 'loginView' in code ? code : null;
  const value = useMemo(() => ({ actor, view: flow?.loginView ?? null }), [actor, flow]);
  // Still missing after a reload: the error boundary says so rather than leave a form that never wakes.
  if (code && 'failure' in code) throw code.failure;
  return (
    <RestartLogin.Provider value={restart}>
      <LoginContext.Provider value={value}>
        {flow ? <LoginRunner key={`flow-${round}`} code={flow} onRun={onRun} /> : null}
        {/* The screens start over with the flow; the flow's arrival alone keeps them (a server-drawn `/`). */}
        <Fragment key={`screens-${round}`}>{children}</Fragment>
      </LoginContext.Provider>
    </RestartLogin.Provider>
  );
}

/** The running flow's snapshot, or null while its code is on its way. */
function useLoginSnapshot(): LoginSnapshot | null {
  const { actor } = useContext(LoginContext);
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = actor?.subscribe(changed);
      return () => subscription?.unsubscribe();
    },
    [actor],
  );
  const snapshot = () => actor?.getSnapshot() ?? null;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** What the sign-in screens show: the flow's view, or its first one until the flow runs. */
export function useLogin(): LoginView {
  const { view } = useContext(LoginContext);
  const snapshot = useLoginSnapshot();
  return useMemo(() => (snapshot && view ? view(snapshot) : firstLoginView), [snapshot, view]);
}

/** Whether the flow runs: a form that sends to it waits until then. */
export const useLoginReady = (): boolean => useContext(LoginContext).actor !== null;

/** Sends an event to the flow (the screens are disabled until it runs, so none is dropped unseen). */
export function useLoginSend(): (event: LoginEvent) => void {
  const { actor } = useContext(LoginContext);
  return useCallback((event) => actor?.send(event), [actor]);
}

/** How the sign-in ended, once it has. */
export function useLoginOutput(): LoginOutput | null {
  const snapshot = useLoginSnapshot();
  return snapshot?.status === 'done' ? snapshot.output : null;
}

export const useRestartLogin = () => useContext(RestartLogin);
