import { useRef, useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '@/api/errors';
import { failureMessage } from '@/api/failures';
import type { SchemaImportReport as ImportReport, SchemaImportRejection as ImportRejection } from '@/api/generated/systems';
import type { AppDataProvider } from '@/dataProviders';
import { PageHeading } from '@/ui/FormPage';
import { ImportMistakes } from '@/ui/ImportMistakes';
import { useFailure } from '@/ui/useFailure';
import { useT } from './shared';

/** The rejected rows of a failed import (its 422 body), by row, and how many there are in all. */
function rejectionsOf(error: unknown): { rejected: ImportRejection[]; rejectedCount?: number } {
  const body = error instanceof ApiError ? (error.body as { rejected?: ImportRejection[]; rejectedCount?: number } | undefined) : undefined;
  return { rejected: [...(body?.rejected ?? [])].sort((a, b) => a.row - b.row), rejectedCount: body?.rejectedCount };
}

type Result =
  | { ok: true; report: ImportReport }
  | { ok: false; message: string; rejected: ImportRejection[]; rejectedCount?: number };

/** The import of systems: the template, the upload with progress, the per-row result. */
export default function SystemsImport() {
  const t = useT();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const [result, setResult] = useState<Result>();
  const [fileName, setFileName] = useState<string>();

  const download = async () => {
    try {
      await dataProvider.downloadSystemsTemplate('systems');
    } catch (e) {
      failure(e);
    }
  };
  const upload = async (file: File) => {
    setResult(undefined);
    setFileName(file.name);
    setProgress(0);
    try {
      const report = await dataProvider.importSystems('systems', { file, onProgress: setProgress });
      setResult({ ok: true, report });
      notify('resources.systems.import.done', { type: 'success', messageArgs: { created: report.created, updated: report.updated } });
    } catch (e) {
      // The page shows the failure and its rows; a notification would say it twice.
      setResult({ ok: false, message: failureMessage(e), ...rejectionsOf(e) });
    } finally {
      setProgress(undefined);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box component="section" sx={{ pb: 2, maxWidth: 900 }}>
      <PageHeading title={t('import.title')} />
      <Paper sx={{ p: 2 }}>
        <Typography sx={{ mb: 2 }}>{t('import.intro')}</Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()}>
            {t('import.template')}
          </Button>
          <Button
            variant="contained"
            component="label"
            startIcon={<UploadFileIcon />}
            disabled={progress !== undefined}
          >
            {t('import.upload')}
            <input
              ref={input}
              hidden
              type="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              data-testid="import-input"
              onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
            />
          </Button>
          <Button component={RouterLink} to="/systems-manage/manage">
            {t('import.back')}
          </Button>
        </Stack>
        {progress !== undefined ? (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2">
              {t(progress < 1 ? 'import.uploading' : 'import.processing', { name: fileName })}
            </Typography>
            <LinearProgress
              variant={progress < 1 ? 'determinate' : 'indeterminate'}
              value={Math.round(progress * 100)}
              aria-label={t('import.uploading', { name: fileName })}
            />
          </Box>
        ) : null}
        {result?.ok ? (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="import-result">
            {t('import.done', { created: result.report.created, updated: result.report.updated })}
          </Alert>
        ) : null}
        {result && !result.ok ? (
          <Box sx={{ mt: 2 }} data-testid="import-result">
            <Alert severity="error">{result.message}</Alert>
            <ImportMistakes rejected={result.rejected} total={result.rejectedCount} />
          </Box>
        ) : null}
      </Paper>
    </Box>
  );
}
