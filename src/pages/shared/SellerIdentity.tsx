import { Box, Typography } from '@mui/material';
import { companyAddress } from '@/config/company';
import { getRuntimeConfig } from '@/config/environment';
import { useMessages } from '@/i18n/lookup';

/** The seller's name, for the line above a client's page (the back office's name is staff's). */
export const sellerName = (): string | undefined => getRuntimeConfig().company?.name;

/**
 * Who the client deals with: the seller of `config.json`'s `company` block, the same identity the
 * offer PDF prints. Nothing when the configuration names no seller.
 */
export function SellerIdentity() {
  const translate = useMessages();
  const company = getRuntimeConfig().company;
  if (!company) return null;
  const contacts = [
    company.phone ? { key: 'phone', label: company.phone, href: `tel:${company.phone.replace(/\s+/g, '')}` } : null,
    company.email ? { key: 'email', label: company.email, href: `mailto:${company.email}` } : null,
    company.website ? { key: 'website', label: company.website, href: /^https?:\/\//.test(company.website) ? company.website : `https://${company.website}` } : null,
  ].filter((c): c is { key: string; label: string; href: string } => c !== null);
  return (
    <Box
      component="section"
      aria-label={translate('resources.shares.viewer.seller')}
      data-testid="seller-identity"
      sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
    >
      {company.logo ? <Box component="img" src={company.logo} alt={company.name} sx={{ height: 40, maxWidth: 160, objectFit: 'contain' }} /> : null}
      <Box component="address" sx={{ fontStyle: 'normal', minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography variant="subtitle2" component="p">{company.name}</Typography>
        <Typography variant="body2" color="text.secondary">{companyAddress(company)}</Typography>
        <Typography variant="body2" color="text.secondary">{translate('resources.shares.viewer.vat', { vat: company.vatNumber })}</Typography>
        {contacts.length ? (
          <Typography variant="body2" sx={{ display: 'flex', columnGap: 1.5, flexWrap: 'wrap' }}>
            {contacts.map((c) => (
              // A plain anchor: MUI's Link would add its own chunk to the viewer's first load.
              <Box component="a" key={c.key} href={c.href} sx={{ color: 'primary.main' }}>{c.label}</Box>
            ))}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
