import {
  firstLoginView,
  type LoginEvent,
  type LoginInput,
  type LoginMachine,
  type LoginOutput,
  type LoginView,
} from '@vendo/core';
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
  /** What the screens draw until the flow runs. */
  readonly first: LoginView;
}

const LoginContext = createContext<RunningLogin>({
  actor: null,
  view: null,
  first: firstLoginView,
});
const RestartLogin = createContext<() => void>(() => {});

interface RunnerProps {
  readonly code: LoginFlowCode;
  readonly input: LoginInput;
  readonly onRun: (actor: LoginActor) => void;
}

/** Runs the flow once its code is here, with the session its sign-in starts, and draws nothing. */
function LoginRunner({ code, input, onRun }: RunnerProps) {
  const { api, apiWithToken } = usePlatform();
  const session = Session.useActorRef();
  const logic = useMemo(
    () => code.loginMachine.provide({ actors: code.loginActors({ api, apiFor: (token) => apiWithToken(token) }) }),
    [code, api, apiWithToken],
  );
  // A confirmed sign-in starts the session: the flow tells it.
  const actor = useActorRef(logic, { input: { ...input, session } });
  useEffect(() => onRun(actor), [actor, onRun]);
  return null;
}

/**
 * The sign-in flow, shared by `/`, `/phone-verification` and the login modal (spec §4). Its code comes
 * after the first paint; a server-drawn form the browser sent itself before that left its answer for the
 * first flow to start from (sign-in-left.ts). A finished (or abandoned) sign-in starts over with a fresh
 * flow and fresh screens.
 */
export function LoginProvider({ children }: { children: ReactNode }) {
  const { signInLeft: left } = usePlatform();
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

  const onRun = useCallback((actor: LoginActor) => startTransition(() => setRunning({ round, actor })), [round]);
  const restart = useCallback(() => setRound((count) => count + 1), []);
  const start = round === 0 ? left : null;
  // A flow of an earlier round is never shown: between rounds the screens draw the first view.
  const actor = running?.round === round ? running.actor : null;
  const flow = code && 'loginView' in code ? code : null;
  const first = start?.first ?? firstLoginView;
  const value = useMemo(() => ({ actor, view: flow?.loginView ?? null, first }), [actor, flow, first]);
  // Still missing after a reload: the error boundary says so rather than leave a form that never wakes.
  if (code && 'failure' in code) throw code.failure;
  return (
    <RestartLogin.Provider value={restart}>
      <LoginContext.Provider value={value}>
        {flow ? <LoginRunner key={`flow-${round}`} code={flow} input={start?.input ?? noInput} onRun={onRun} /> : null}
        {/* The screens start over with the flow; the flow's arrival alone keeps them (a server-drawn `/`). */}
        <Fragment key={`screens-${round}`}>{children}</Fragment>
      </LoginContext.Provider>
    </RestartLogin.Provider>
  );
}

const noInput: LoginInput = {};

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
  const { view, first } = useContext(LoginContext);
  const snapshot = useLoginSnapshot();
  return useMemo(() => (snapshot && view ? view(snapshot) : first), [snapshot, view, first]);
}

/** Whether the flow runs: until then its screens draw its first view, and hold what they would send it. */
export const useLoginReady = (): boolean => useContext(LoginContext).actor !== null;

/** Sends an event to the flow (nothing while it is not running: see useLoginReady). */
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
