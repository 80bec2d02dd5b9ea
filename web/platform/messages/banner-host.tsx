import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useStore } from '../store.ts';
import { bannerAreas, banners, registerBannerArea } from './banner-store.ts';

function BannerList({ floating }: { readonly floating: boolean }) {
  const shown = useStore(banners);
  if (shown.length === 0) return null;
  return (
    <Box
      sx={
        floating
          ? {
              position: 'fixed',
              top: 0,
              left: 0,
              right: 0,
              zIndex: (theme) => theme.zIndex.snackbar,
              display: 'grid',
            }
          : { display: 'grid', gap: 1, mb: 2 }
      }
    >
      {shown.map((banner) => (
        <Alert
          key={banner.id}
          severity={banner.variant}
          variant="filled"
          role="alert"
          sx={floating ? { borderRadius: 0 } : {}}
        >
          {banner.content}
        </Alert>
      ))}
    </Box>
  );
}

/** Banners in the flow of a page layout (the signed-in frame puts this above its pages). */
export function BannerArea() {
  useEffect(() => registerBannerArea(), []);
  return <BannerList floating={false} />;
}

/** Mounted once at the root: the banners float at the top of pages that have no banner area. */
export function BannerHost() {
  const areaCount = useStore(bannerAreas);
  return areaCount > 0 ? null : <BannerList floating />;
}
