import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

/** The title of a media monitor page, with the way back to the detections list. */
export function PageHeader({ title, back = '/media/monitor' }: { title: string; back?: string | false }) {
  const translate = useTranslate();
  const text = translate(title);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1, mb: 2 }}>
      <Title title={text} />
      {back ? (
        <Button component={Link} to={back} startIcon={<ArrowBackIcon />} size="small">
          {translate('resources.detections.back')}
        </Button>
      ) : null}
      <Typography variant="h5" component="h1">
        {text}
      </Typography>
    </Box>
  );
}
