import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { getAuthToken } from '@/auth/session';
import { currentEnvironment, getRuntimeConfig, serviceBase } from '@/config/environment';
import { SERVICES, type Service } from '@/config/services';

/** A cheap GET per service where the spec names one; the others are probed at their base address. */
const PROBE_PATHS: Partial<Record<Service, string>> = {
  user: '/user/getAllRole',
  companies: '/company/getAll',
  systems: '/system/systemType/getAll',
  advertiser: 'businessArea/all',
  catalogue: '/getAll',
  history: '/idSystem/1',
};

const PROBE_TIMEOUT_MS = 10_000;

export function probeUrl(base: string, path = ''): string {
  if (!path) return base;
  return base.endsWith('/') || path.startsWith('/')
    ? `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`
    : `${base}/${path}`;
}

export type ProbeResult =
  { ok: true; status: number } | { ok: false; status?: number; reason: 'no_base' | 'unreachable' | 'server' };

/** A service answers when it gives any HTTP answer below 500 (401/403/404 included) within the time-out. */
export async function probeService(service: Service, fetcher: typeof fetch = fetch): Promise<ProbeResult> {
  const base = serviceBase(service, getRuntimeConfig());
  if (!base) return { ok: false, reason: 'no_base' };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const token = getAuthToken();
    const response = await fetcher(probeUrl(base, PROBE_PATHS[service]), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    });
    return response.status < 500
      ? { ok: true, status: response.status }
      : { ok: false, status: response.status, reason: 'server' };
  } catch {
    return { ok: false, reason: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

function StatusChip({ result }: { result: ProbeResult | undefined }) {
  const translate = useTranslate();
  if (!result) return <Chip size="small" label={translate('app.test.checking')} />;
  if (result.ok)
    return <Chip size="small" color="success" label={`${translate('app.test.ok')} (${result.status})`} />;
  const detail =
    result.reason === 'no_base' ? translate('app.test.no_base') : result.status ? String(result.status) : '';
  return (
    <Chip
      size="small"
      color="error"
      label={detail ? `${translate('app.test.error')} (${detail})` : translate('app.test.error')}
    />
  );
}

/** /test (admin): the environment, each of the 21 services' base address, and whether it answers. */
export default function TestPage() {
  const translate = useTranslate();
  const config = getRuntimeConfig();
  const [results, setResults] = useState<Partial<Record<Service, ProbeResult>>>({});

  const check = useCallback(() => {
    setResults({});
    for (const service of SERVICES) {
      void probeService(service).then((result) => setResults((r) => ({ ...r, [service]: result })));
    }
  }, []);

  useEffect(() => {
    let live = true;
    for (const service of SERVICES) {
      void probeService(service).then((result) => live && setResults((r) => ({ ...r, [service]: result })));
    }
    return () => {
      live = false;
    };
  }, []);

  return (
    <Box sx={{ pb: 4 }}>
      <Title title={translate('app.test.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.test.title')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography>
          {translate('app.test.environment')}: <strong>{currentEnvironment(config)}</strong>
        </Typography>
        <Button variant="outlined" size="small" onClick={check}>
          {translate('app.test.check_again')}
        </Button>
      </Box>
      <Table size="small" aria-label={translate('app.test.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.test.service')}</TableCell>
            <TableCell>{translate('app.test.base')}</TableCell>
            <TableCell>{translate('app.test.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {SERVICES.map((service) => (
            <TableRow key={service}>
              <TableCell component="th" scope="row">
                {service}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{serviceBase(service, config) || '—'}</TableCell>
              <TableCell>
                <StatusChip result={results[service]} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
