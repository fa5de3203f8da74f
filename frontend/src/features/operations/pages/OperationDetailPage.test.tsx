import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPERATION_ID, operatorUser, runningOperation, viewerUser } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { OperationDetailPage } from './OperationDetailPage';

/** Minimal EventSource stand-in the test drives by hand. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? [])
      l(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const route = `/operations/${OPERATION_ID}`;
const renderDetail = (user = operatorUser) =>
  renderWithProviders(<OperationDetailPage />, { user, route, path: '/operations/:operationId' });

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('OperationDetailPage', () => {
  it('follows the SSE stream: events are appended and the final snapshot ends it', async () => {
    mockFetch({ [`GET /api/v1/operations/${OPERATION_ID}`]: { body: runningOperation } });
    renderDetail();

    expect(await screen.findByTestId('operation-state')).toHaveTextContent('RUNNING');
    const source = FakeEventSource.instances.at(-1)!;
    expect(source.url).toBe(`/api/v1/operations/${OPERATION_ID}/stream`);
    expect(
      screen.getByText('hbase shell> balance_switch true', { exact: false }),
    ).toBeInTheDocument();

    act(() => {
      source.onopen?.();
      source.emit('event', {
        at: '2025-11-21T15:46:05Z',
        level: 'INFO',
        message: '3 region moves planned',
        progress: 70,
      });
    });
    expect(screen.getAllByTestId('operation-event')).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: /Progress of/ })).toHaveAttribute(
      'aria-valuenow',
      '70',
    );

    act(() => {
      source.emit('operation', {
        ...runningOperation,
        events: undefined,
        state: 'SUCCEEDED',
        progress: 100,
      });
    });
    expect(screen.getByTestId('operation-state')).toHaveTextContent('SUCCEEDED');
    expect(source.closed).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel operation' })).not.toBeInTheDocument();
  });

  it('falls back to polling when the stream fails', async () => {
    mockFetch({ [`GET /api/v1/operations/${OPERATION_ID}`]: { body: runningOperation } });
    renderDetail();
    await screen.findByTestId('operation-state');
    act(() => FakeEventSource.instances.at(-1)!.onerror?.());
    expect(await screen.findByText(/polling every 2s/)).toBeInTheDocument();
    expect(FakeEventSource.instances.at(-1)!.closed).toBe(true);
  });

  it('shows a VIEWER no Cancel button', async () => {
    mockFetch({ [`GET /api/v1/operations/${OPERATION_ID}`]: { body: runningOperation } });
    renderDetail(viewerUser);
    await screen.findByTestId('operation-state');
    expect(screen.queryByRole('button', { name: 'Cancel operation' })).not.toBeInTheDocument();
  });

  it('lets an OPERATOR cancel a running operation after confirming', async () => {
    const { requests } = mockFetch({
      [`GET /api/v1/operations/${OPERATION_ID}`]: { body: runningOperation },
      [`POST /api/v1/operations/${OPERATION_ID}/cancel`]: {
        status: 202,
        body: { ...runningOperation, events: undefined, cancelRequested: true },
      },
    });
    renderDetail(operatorUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel operation' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(`/api/v1/operations/${OPERATION_ID}/cancel`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel operation' }));
    expect(await screen.findByText('Cancellation requested…')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/cancel'))).toBe(true);
  });
});
