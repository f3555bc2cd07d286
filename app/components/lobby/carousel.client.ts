import Swiper from "swiper";
import { A11y, Autoplay, Pagination } from "swiper/modules";

/**
 * The one place Swiper is imported. Named imports let the bundler drop the
 * modules we do not use; the carousel loads this file on demand, after hydration.
 */
export function createCarousel(
  container: HTMLElement,
  pagination: HTMLElement,
  options: { delay: number; speed: number; spaceBetween: number },
) {
  return new Swiper(container, {
    modules: [Autoplay, Pagination, A11y],
    loop: true,
    speed: options.speed,
    spaceBetween: options.spaceBetween,
    autoplay: { delay: options.delay, disableOnInteraction: false, pauseOnMouseEnter: true },
    pagination: { el: pagination, clickable: true },
  });
}
