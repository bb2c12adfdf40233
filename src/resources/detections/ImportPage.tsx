import { useRef, useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import type { ImportOutcome } from './shared';
import { failureMessage } from '@/api/failures';
import { PageHeader } from './PageHeader';
import { SimpleTable } from '@/ui/SimpleTable';

const MAX_BYTES = 10 * 1024 * 1024;

/** /media/monitor/import: one XLSX file, upload progress, and the result row by row (all or nothing). */
export function ImportPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = (f: File | null) => {
    setOutcome(null);
    setError(null);
    if (f && !/\.xlsx$/i.test(f.name)) {
      setFile(null);
      setError(translate('resources.detections.import.not_xlsx', { name: f.name }));
      return;
    }
    if (f && f.size > MAX_BYTES) {
      setFile(null);
      setError(translate('resources.detections.import.too_large'));
      return;
    }
    setFile(f);
  };

  const upload = async () => {
    if (!file) return;
    setProgress(0);
    setOutcome(null);
    setError(null);
    try {
      const result = await dataProvider.importDetections('detections', { file, onProgress: setProgress });
      setOutcome(result);
      if (result.ok) await queryClient.invalidateQueries({ queryKey: ['detections'] });
      if (result.ok)
        notify('resources.detections.import.done', {
          type: 'success',
          messageArgs: { smart_count: result.report.imported },
        });
    } catch (e) {
      const message = failureMessage(e);
      setError(message);
      notify(message, { type: 'error' });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box>
      <PageHeader title="resources.detections.import.title" />
      <Card>
        <CardContent>
          <Typography sx={{ mb: 2 }}>{translate('resources.detections.import.help')}</Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <input
              ref={input}
              id="detections-file"
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={translate('resources.detections.import.choose')}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
            <Button
              variant="contained"
              startIcon={<UploadFileIcon />}
              disabled={!file || progress !== null}
              onClick={upload}
            >
              {translate('resources.detections.import.upload')}
            </Button>
          </Box>
          {progress !== null ? (
            <Box sx={{ mt: 2 }} role="status">
              <Typography variant="body2">
                {progress < 1
                  ? translate('resources.detections.import.uploading', {
                      percent: Math.round(progress * 100),
                    })
                  : translate('resources.detections.import.processing')}
              </Typography>
              <LinearProgress
                variant={progress < 1 ? 'determinate' : 'indeterminate'}
                value={progress * 100}
                aria-label={translate('resources.detections.import.progress')}
              />
            </Box>
          ) : null}
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
          {outcome?.ok ? (
            <Alert severity="success" sx={{ mt: 2 }}>
              {translate('resources.detections.import.done', { smart_count: outcome.report.imported })}
            </Alert>
          ) : null}
          {outcome && !outcome.ok ? (
            <Box sx={{ mt: 2 }}>
              <Alert severity="error">
                <AlertTitle>{translate('resources.detections.import.rejected_title')}</AlertTitle>
                {outcome.rejected.message}
              </Alert>
              <SimpleTable
                head={[translate('resources.detections.import.row'), translate('resources.detections.import.reason')]}
                rows={outcome.rejected.rejected.map((r) => [r.row, r.reason])}
                label={translate('resources.detections.import.rows')}
                sx={{}}
              />
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
