import { screen } from '@testing-library/react';
import type { TlsInfo } from '../../../api/types';
import { mockFetch, renderWithProviders } from '../../../test/utils';
import { ConsoleTlsPanel } from './ConsoleTlsPanel';

const on: TlsInfo = {
  mode: 'SELF_SIGNED',
  enabled: true,
  httpPort: 8080,
  httpsPort: 8443,
  subject: 'CN=granary-1,O=Granary console',
  issuer: 'CN=granary-1,O=Granary console',
  subjectAltNames: ['granary-1', 'localhost', '127.0.0.1'],
  notAfter: '2029-02-28T10:00:00Z',
  sha256: 'AB:CD:EF',
};

describe('ConsoleTlsPanel', () => {
  it('shows the served certificate and its fingerprint', async () => {
    mockFetch({ 'GET /api/v1/tls': { body: on } });
    renderWithProviders(<ConsoleTlsPanel />, { user: null });
    expect(await screen.findByTestId('tls-sha256')).toHaveTextContent('AB:CD:EF');
    expect(screen.getByTestId('tls-mode')).toHaveTextContent('generated, self-signed');
    expect(screen.getByText('HTTPS 8443; HTTP 8080 redirects there')).toBeInTheDocument();
    expect(screen.getByText('granary-1, localhost, 127.0.0.1')).toBeInTheDocument();
  });

  it('says how to turn HTTPS on when it is off', async () => {
    mockFetch({
      'GET /api/v1/tls': {
        body: { mode: 'OFF', enabled: false, httpPort: 8080, subjectAltNames: [] },
      },
    });
    renderWithProviders(<ConsoleTlsPanel />, { user: null });
    expect(await screen.findByTestId('tls-off')).toHaveTextContent('GRANARY_TLS=self-signed');
    expect(screen.queryByTestId('tls-sha256')).not.toBeInTheDocument();
  });
});
