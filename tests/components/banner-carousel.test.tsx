// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { BannerCarousel, DEFAULT_BANNER } from "~/components/lobby/banner-carousel";
import { renderWithApp } from "../helpers/render";

const banners = [1, 2, 3].map((id) => ({
  id,
  title: `Banner ${id}`,
  url: `/images/banners/${id}.svg`,
  linkUrl: id === 1 ? "/promotions" : null,
}));

/** Swiper itself is an outside library: a stand-in records what the carousel asks of it. */
const swipers: FakeSwiper[] = [];
class FakeSwiper {
  realIndex = 0;
  calls: string[] = [];
  handlers: Record<string, () => void> = {};
  constructor(
    readonly el: Element,
    readonly options: Record<string, unknown>,
  ) {
    swipers.push(this);
  }
  on(event: string, handler: () => void) {
    this.handlers[event] = handler;
  }
  slideNext(speed: number) {
    this.calls.push(`next:${speed}`);
    this.realIndex = (this.realIndex + 1) % 3;
    this.handlers.slideChange?.();
  }
  slideToLoop(index: number, speed: number) {
    this.calls.push(`to:${index}:${speed}`);
    this.realIndex = index;
    this.handlers.slideChange?.();
  }
  destroy() {
    this.calls.push("destroy");
  }
}
vi.mock("swiper", () => ({ default: FakeSwiper }));

afterEach(() => {
  swipers.length = 0;
  vi.useRealTimers();
});

describe("BannerCarousel", () => {
  test("the first banner is in the server markup, linked, before any script runs", async () => {
    await renderWithApp(<BannerCarousel banners={banners} />);
    const first = await screen.findByRole("img", { name: "Banner 1" });
    expect(first).toHaveAttribute("loading", "eager");
    expect(first.closest("a")).toHaveAttribute("href", "/promotions");
  });

  test("with more than one banner: Swiper loops at 1 s speed with a 20.3 gap, and marks itself ready", async () => {
    await renderWithApp(<BannerCarousel banners={banners} />);
    await waitFor(() => expect(swipers).toHaveLength(1));
    expect(swipers[0]!.options).toEqual({ loop: true, speed: 1000, spaceBetween: 20.3 });
    await waitFor(() => expect(screen.getByTestId("banner-carousel")).toHaveClass("ready"));
  });

  test("clickable pagination: one labelled bullet per banner, the current one marked", async () => {
    await renderWithApp(<BannerCarousel banners={banners} />);
    const bullets = await screen.findAllByRole("button", { name: /Show banner/ });
    expect(bullets).toHaveLength(3);
    expect(bullets[0]).toHaveAttribute("aria-current", "true");
    fireEvent.click(bullets[2]!);
    expect(swipers[0]!.calls).toContain("to:2:1000");
    expect(bullets[2]).toHaveAttribute("aria-current", "true");
    expect(bullets[0]).not.toHaveAttribute("aria-current");
  });

  test("autoplays every 5 s, and pauses while the pointer or focus is on it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderWithApp(<BannerCarousel banners={banners} />);
    await waitFor(() => expect(swipers).toHaveLength(1));
    const swiper = swipers[0]!;
    await act(async () => vi.advanceTimersByTime(5000));
    expect(swiper.calls.filter((call) => call === "next:1000")).toHaveLength(1);
    fireEvent.mouseEnter(screen.getByTestId("banner-carousel"));
    await act(async () => vi.advanceTimersByTime(15000));
    expect(swiper.calls.filter((call) => call === "next:1000")).toHaveLength(1);
    fireEvent.mouseLeave(screen.getByTestId("banner-carousel"));
    await act(async () => vi.advanceTimersByTime(5000));
    expect(swiper.calls.filter((call) => call === "next:1000")).toHaveLength(2);
  });

  test("a single banner is static: no Swiper, no pagination", async () => {
    await renderWithApp(<BannerCarousel banners={banners.slice(0, 1)} />);
    await screen.findByRole("img", { name: "Banner 1" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(swipers).toHaveLength(0);
    expect(screen.queryByRole("button", { name: /Show banner/ })).not.toBeInTheDocument();
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
