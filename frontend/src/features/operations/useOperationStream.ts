import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Operation, OperationDetail, OperationEvent } from '../../api/types';
import { apiUrls } from '../../lib/paths';
import { isFinal, operationKeys } from './api';

/** live: SSE connected; polling: stream failed, the caller polls; done: operation final; connecting. */
export type StreamStatus = 'connecting' | 'live' | 'polling' | 'done';

const eventKey = (e: OperationEvent) => `${e.at}|${e.level}|${e.message}`;

export function mergeSnapshot(
  old: OperationDetail | undefined,
  snapshot: Operation,
): OperationDetail | undefined {
  if (!old) return old;
  return { ...old, ...snapshot, events: old.events };
}

export function appendEvent(
  old: OperationDetail | undefined,
  event: OperationEvent,
): OperationDetail | undefined {
  if (!old) return old;
  const key = eventKey(event);
  if (old.events.some((e) => eventKey(e) === key)) return old;
  return {
    ...old,
    events: [...old.events, event],
    progress:
      typeof event.progress === 'number' ? Math.max(old.progress, event.progress) : old.progress,
  };
}

function parse<T>(data: unknown): T | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data) as T;
  } catch {
    return undefined;
  }
}

function applySnapshot(queryClient: QueryClient, operationId: string, snapshot: Operation) {
  const key = operationKeys.detail(operationId);
  if (queryClient.getQueryData(key)) {
    queryClient.setQueryData<OperationDetail>(key, (old) => mergeSnapshot(old, snapshot));
  } else {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/**
 * Follows an operation over Server-Sent Events (`operation` = snapshot, `event` = log line) and
 * writes into the TanStack Query cache. On a stream error before the operation is final it
 * closes the stream and reports 'polling', so the caller falls back to GET every 2 s.
 */
export function useOperationStream(operationId: string, enabled: boolean): StreamStatus {
  const queryClient = useQueryClient();
  // Status is remembered per operation id, so navigating to another operation starts at 'connecting'.
  const [state, setState] = useState<{ id: string; status: StreamStatus }>({
    id: operationId,
    status: 'connecting',
  });
  const supported = typeof EventSource !== 'undefined';

  useEffect(() => {
    if (!enabled || !supported) return;
    const setStatus = (status: StreamStatus | ((s: StreamStatus) => StreamStatus)) =>
      setState((prev) => {
        const current = prev.id === operationId ? prev.status : 'connecting';
        return { id: operationId, status: typeof status === 'function' ? status(current) : status };
      });
    let finished = false;
    const source = new EventSource(apiUrls.operationStream(operationId), { withCredentials: true });

    const finish = () => {
      finished = true;
      source.close();
      setStatus('done');
      // One authoritative read of the final operation with all its events.
      void queryClient.invalidateQueries({ queryKey: operationKeys.detail(operationId) });
      void queryClient.invalidateQueries({ queryKey: operationKeys.lists() });
    };

    source.onopen = () => {
      if (!finished) setStatus('live');
    };
    source.addEventListener('operation', (message) => {
      const snapshot = parse<Operation>((message as MessageEvent).data);
      if (!snapshot) return;
      setStatus((s) => (s === 'connecting' ? 'live' : s));
      applySnapshot(queryClient, operationId, snapshot);
      if (isFinal(snapshot.state)) finish();
    });
    source.addEventListener('event', (message) => {
      const event = parse<OperationEvent>((message as MessageEvent).data);
      if (!event) return;
      queryClient.setQueryData<OperationDetail>(operationKeys.detail(operationId), (old) =>
        appendEvent(old, event),
      );
    });
    source.onerror = () => {
      // EventSource reconnects by itself after the server closes the stream; we do not want that.
      source.close();
      if (finished) return;
      finished = true;
      const current = queryClient.getQueryData<OperationDetail>(operationKeys.detail(operationId));
      if (isFinal(current?.state)) {
        setStatus('done');
        return;
      }
      setStatus('polling');
      void queryClient.invalidateQueries({ queryKey: operationKeys.detail(operationId) });
    };

    return () => {
      finished = true;
      source.close();
    };
  }, [operationId, enabled, supported, queryClient]);

  if (!supported) return 'polling';
  return state.id === operationId ? state.status : 'connecting';
}
