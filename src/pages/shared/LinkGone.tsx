import { Typography } from '@mui/material';
import { getRuntimeConfig } from '@/config/environment';
import { useMessages } from '@/i18n/lookup';
import { PublicPage } from '@/layout/PublicPage';
import { SellerIdentity, sellerName } from './SellerIdentity';

/**
 * What a client sees when a shared link no longer opens (expired, revoked, unknown): what happened,
 * who to ask, and the seller's contacts; no way into the back office, which is not theirs.
 */
export function LinkGone({ detail }: { detail?: string }) {
  const translate = useMessages();
  return (
    <PublicPage title={translate('resources.shares.viewer.gone_title')} width={560} overline={sellerName()}>
      {detail ? <Typography variant="body1" sx={{ fontWeight: 500 }}>{detail}</Typography> : null}
      <Typography variant="body1">{translate('resources.shares.viewer.gone_text')}</Typography>
      {getRuntimeConfig().company ? (
        <>
          <Typography variant="body2" color="text.secondary">{translate('resources.shares.viewer.gone_contact')}</Typography>
          <SellerIdentity />
        </>
      ) : null}
    </PublicPage>
  );
}
