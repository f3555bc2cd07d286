import Swiper from "swiper";

export interface CarouselOptions {
  delay: number;
  speed: number;
  spaceBetween: number;
  slideCount: number;
  bulletLabel: (slide: number) => string;
}

/**
 * The one place Swiper is imported, loaded on demand after hydration. Swiper's
 * core does the sliding and looping; autoplay and the clickable pagination are
 * the few lines below instead of Swiper's modules, which keeps the home page
 * inside its JavaScript budget.
 */
export function createCarousel(
  container: HTMLElement,
  pagination: HTMLElement,
  options: CarouselOptions,
) {
  const swiper = new Swiper(container, {
    loop: true,
    speed: options.speed,
    spaceBetween: options.spaceBetween,
  });

  const bullets = Array.from({ length: options.slideCount }, (_, index) => {
    const bullet = document.createElement("button");
    bullet.type = "button";
    bullet.className = "swiper-pagination-bullet";
    bullet.setAttribute("aria-label", options.bulletLabel(index + 1));
    bullet.addEventListener("click", () => {
      swiper.slideToLoop(index, options.speed);
      restart();
    });
    pagination.append(bullet);
    return bullet;
  });
  pagination.classList.add(
    "swiper-pagination-clickable",
    "swiper-pagination-bullets",
    "swiper-pagination-horizontal",
  );
  const markActive = () =>
    bullets.forEach((bullet, index) => {
      const active = index === swiper.realIndex;
      bullet.classList.toggle("swiper-pagination-bullet-active", active);
      if (active) bullet.setAttribute("aria-current", "true");
      else bullet.removeAttribute("aria-current");
    });
  swiper.on("slideChange", markActive);
  markActive();

  // Autoplay: paused while hovered or focused, or when the visitor asks for less motion.
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  let timer: ReturnType<typeof setInterval> | undefined;
  // Not behind an open modal dialog (/login, a popup): the page there is inert, and a slide
  // that moves in under the dialog would become the page's largest paint.
  const next = () => {
    if (!document.querySelector('dialog[open][aria-modal="true"]')) swiper.slideNext(options.speed);
  };
  const stop = () => clearInterval(timer);
  const start = () => {
    stop();
    if (!still) timer = setInterval(next, options.delay);
  };
  const restart = () => (container.matches(":hover, :focus-within") ? stop() : start());
  const root = container.parentElement ?? container;
  root.addEventListener("mouseenter", stop);
  root.addEventListener("mouseleave", start);
  root.addEventListener("focusin", stop);
  root.addEventListener("focusout", start);
  start();

  return {
    destroy() {
      stop();
      root.removeEventListener("mouseenter", stop);
      root.removeEventListener("mouseleave", start);
      root.removeEventListener("focusin", stop);
      root.removeEventListener("focusout", start);
      bullets.forEach((bullet) => bullet.remove());
      swiper.destroy();
    },
  };
}
