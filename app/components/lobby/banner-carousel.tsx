import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/i18n";

export interface BannerData {
  id: number;
  title: string;
  url: string;
  linkUrl: string | null;
}

export const DEFAULT_BANNER = "/images/banners/default.svg";
/** The carousel's timing: autoplay 5000 ms, speed 1000 ms, gap 20.3. */
export const CAROUSEL_OPTIONS = { delay: 5000, speed: 1000, spaceBetween: 20.3 } as const;

function Slide({ banner, eager }: { banner: BannerData; eager: boolean }) {
  const [failed, setFailed] = useState(false);
  const image = (
    <img
      src={failed ? DEFAULT_BANNER : banner.url}
      alt={banner.title}
      width={1200}
      height={360}
      loading={eager ? "eager" : "lazy"}
      // The first banner is the lobby's largest paint: fetched before scripts and other images.
      // Lower-case, as React 18 passes it through (it does not know fetchPriority).
      {...(eager ? { fetchpriority: "high" } : {})}
      onError={() => setFailed(true)}
      data-fallback={failed ? "true" : undefined}
    />
  );
  return (
    <div className="swiper-slide banner-slide">
      {banner.linkUrl ? <a href={banner.linkUrl}>{image}</a> : image}
    </div>
  );
}

/**
 * Banner carousel. The server renders the first banner so it shows without
 * JavaScript; with more than one, Swiper loops, autoplays and paginates.
 */
export function BannerCarousel({ banners }: { banners: BannerData[] }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const pagination = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (banners.length < 2 || !container.current || !pagination.current) return;
    let destroyed = false;
    let swiper: { destroy: () => void } | undefined;
    // Loaded on demand so it stays out of the first JavaScript the page needs.
    void import("./carousel.client").then(({ createCarousel }) => {
      if (destroyed || !container.current || !pagination.current) return;
      swiper = createCarousel(container.current, pagination.current, {
        ...CAROUSEL_OPTIONS,
        slideCount: banners.length,
        bulletLabel: (slide) => t("lobby.goToBanner", { slide }),
      });
      setReady(true);
    });
    return () => {
      destroyed = true;
      swiper?.destroy();
    };
  }, [banners.length, t]);

  if (!banners.length) return null;
  return (
    <section
      className={ready ? "banner-carousel ready" : "banner-carousel"}
      aria-roledescription="carousel"
      aria-label={t("lobby.banners")}
      data-testid="banner-carousel"
      data-slides={banners.length}
    >
      <div className="swiper" ref={container}>
        <div className="swiper-wrapper">
          {banners.map((banner, index) => (
            <Slide key={banner.id} banner={banner} eager={index === 0} />
          ))}
        </div>
      </div>
      {banners.length > 1 ? (
        <div
          className="swiper-pagination"
          ref={pagination}
          role="group"
          aria-label={t("lobby.banners")}
        />
      ) : null}
    </section>
  );
}
