// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { BannerCarousel, DEFAULT_BANNER } from "~/components/lobby/banner-carousel";
import { renderWithApp } from "../helpers/render";

const banners = [1, 2, 3].map((id) => ({
  id,
  title: `Banner ${id}`,
  url: `/images/banners/${id}.svg`,
  linkUrl: id === 1 ? "/promotions" : null,
}));

vi.mock("swiper", () => ({
  default: vi.fn(function Swiper(this: { destroy: () => void }, _el: Element, options: unknown) {
    swiperOptions.push(options);
    this.destroy = () => {};
  }),
}));
vi.mock("swiper/modules", () => ({ Autoplay: "Autoplay", Pagination: "Pagination", A11y: "A11y" }));
const swiperOptions: unknown[] = [];

describe("BannerCarousel", () => {
  test("the first banner is in the server markup, linked, before any script runs", async () => {
    await renderWithApp(<BannerCarousel banners={banners} />);
    const first = await screen.findByRole("img", { name: "Banner 1" });
    expect(first).toHaveAttribute("loading", "eager");
    expect(first.closest("a")).toHaveAttribute("href", "/promotions");
  });

  test("with more than one banner, Swiper loops with 5 s autoplay, 1 s speed and clickable pagination", async () => {
    swiperOptions.length = 0;
    await renderWithApp(<BannerCarousel banners={banners} />);
    await waitFor(() => expect(swiperOptions).toHaveLength(1));
    expect(swiperOptions[0]).toMatchObject({
      loop: true,
      speed: 1000,
      spaceBetween: 20.3,
      autoplay: { delay: 5000 },
      pagination: { clickable: true },
      modules: ["Autoplay", "Pagination", "A11y"],
    });
    await waitFor(() => expect(screen.getByTestId("banner-carousel")).toHaveClass("ready"));
  });

  test("a single banner is static: no Swiper, no pagination", async () => {
    swiperOptions.length = 0;
    await renderWithApp(<BannerCarousel banners={banners.slice(0, 1)} />);
    await screen.findByRole("img", { name: "Banner 1" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(swiperOptions).toHaveLength(0);
    expect(screen.getByTestId("banner-carousel").querySelector(".swiper-pagination")).toBeNull();
  });

  test("a banner image that fails falls back to the default banner", async () => {
    await renderWithApp(<BannerCarousel banners={banners.slice(1, 2)} />);
    const image = await screen.findByRole("img", { name: "Banner 2" });
    fireEvent.error(image);
    expect(image).toHaveAttribute("src", DEFAULT_BANNER);
  });

  test("no banners, no carousel", async () => {
    await renderWithApp(<BannerCarousel banners={[]} />);
    expect(screen.queryByTestId("banner-carousel")).not.toBeInTheDocument();
  });
});
