import { Box } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useMessages } from '@/i18n/lookup';
import { LOADING_ANIMATION_WIDTH } from '@/config/constants';

const pulse = keyframes`
  0%, 80%, 100% { transform: scaleY(0.35); opacity: 0.45; }
  40% { transform: scaleY(1); opacity: 1; }
`;

export type LoadingVariant = keyof typeof LOADING_ANIMATION_WIDTH;

/**
 * The loading animation: 200 px wide on a full screen (public pages, app start), 150 px wide
 * inside a page (simple).
 */
export function LoadingAnimation({ variant = 'simple' }: { variant?: LoadingVariant }) {
  const translate = useMessages();
  const width = LOADING_ANIMATION_WIDTH[variant];
  const bars = (
    <Box
      role="progressbar"
      aria-label={translate('app.loading.label', { _: 'Caricamento in corso' })}
      data-variant={variant}
      sx={{
        width,
        height: width / 4,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <Box
          key={i}
          sx={{
            width: width / 8,
            height: '100%',
            borderRadius: 1,
            bgcolor: 'primary.main',
            animation: `${pulse} 1s ease-in-out ${i * 0.12}s infinite`,
          }}
        />
      ))}
    </Box>
  );
  if (variant === 'simple') {
    return <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>{bars}</Box>;
  }
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
      }}
    >
      {bars}
    </Box>
  );
}

/** react-admin's `loading` slot (app start): the full-screen animation. */
export const FullScreenLoading = () => <LoadingAnimation variant="fullScreen" />;
