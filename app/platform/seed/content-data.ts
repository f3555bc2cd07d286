/** Demo brand content: banners of every group, announcements of every type and execution, help articles. */
export const seedBanners = [
  {
    group: "w_home",
    title: "Welcome bonus: 100% on your first deposit",
    image: "/images/banners/home-welcome.svg",
    link: "/promotions",
  },
  {
    group: "w_home",
    title: "10,000 slots, one wallet",
    image: "/images/banners/home-slots.svg",
    link: "/rng",
  },
  {
    group: "w_home",
    title: "Live tables all night",
    image: "/images/banners/home-live.svg",
    link: "/live",
  },
  {
    group: "w_home",
    title: "Daily lottery draws",
    image: "/images/banners/home-lottery.svg",
    link: "/lott",
  },
  { group: "w_login", title: "Log in and play", image: "/images/banners/login.svg", link: null },
  {
    group: "w_register",
    title: "Join in a minute",
    image: "/images/banners/register.svg",
    link: null,
  },
  { group: "w_forget", title: "Get back in", image: "/images/banners/forget.svg", link: null },
  {
    group: "w_leftmenu",
    title: "Invite friends, earn rewards",
    image: "/images/banners/leftmenu.svg",
    link: "/promotions",
  },
] as const;

type Notice = {
  type: string;
  execution: string;
  title: string;
  html: string;
  promotionType?: string;
  /** The demo promotion (app/platform/seed/rewards-data.ts) its "Go to promotion" opens. */
  promotionCode?: string;
};

const popupTitles = {
  en: [
    "Scheduled maintenance on Tuesday 02:00-04:00",
    "New provider: Harbour Originals",
    "Deposit channel update",
    "Responsible gaming reminder",
    "Weekend reload bonus",
    "Lottery draw times changed",
    "Live casino: new Teen Patti tables",
    "Security tip: never share your code",
    "App download now available",
    "Withdrawal processing hours",
    "Sports: weekend cup specials",
    "VIP programme update",
  ],
  ur: [
    "منگل 02:00-04:00 طے شدہ مرمت",
    "نیا فراہم کنندہ: ہاربر اوریجنلز",
    "جمع کرانے کے طریقے میں تبدیلی",
    "ذمہ دارانہ کھیل کی یاد دہانی",
    "ہفتہ وار ری لوڈ بونس",
    "لاٹری ڈرا کے اوقات میں تبدیلی",
    "لائیو کیسینو: نئی تین پتی میزیں",
    "حفاظتی مشورہ: اپنا کوڈ کبھی شیئر نہ کریں",
    "ایپ اب دستیاب ہے",
    "رقم نکلوانے کے اوقات",
    "کھیل: ویک اینڈ کپ خصوصی",
    "وی آئی پی پروگرام اپ ڈیٹ",
  ],
};

function body(language: "en" | "ur", title: string) {
  return language === "en"
    ? `<p><strong>${title}.</strong> Read the details below.</p><ul><li>Applies to every member of the brand.</li><li>Questions? Contact customer service at any time.</li></ul><p><a href="/help#faq">Read the FAQ</a></p><script>alert("stripped")</script>`
    : `<p><strong>${title}۔</strong> تفصیلات نیچے پڑھیں۔</p><ul><li>یہ ہر رکن پر لاگو ہوتا ہے۔</li><li>سوالات؟ کسی بھی وقت کسٹمر سروس سے رابطہ کریں۔</li></ul><p><a href="/help#faq">عمومی سوالات پڑھیں</a></p>`;
}

export function seedNotices(language: "en" | "ur"): Notice[] {
  const titles = popupTitles[language];
  const notices: Notice[] = [];
  // Popups for visitors: 12, so the 9-per-page dialog has two pages.
  titles.forEach((title, index) =>
    notices.push({
      type: "PU",
      execution: "B",
      title,
      html: body(language, title),
      ...(index === 4 ? { promotionType: "DEPOSIT", promotionCode: "daily-reload" } : {}),
    }),
  );
  titles
    .slice(0, 4)
    .forEach((title) =>
      notices.push({ type: "PU", execution: "A", title, html: body(language, title) }),
    );
  titles
    .slice(8, 10)
    .forEach((title) =>
      notices.push({ type: "PU", execution: "F", title, html: body(language, title) }),
    );
  // Marquee (player notices).
  titles
    .slice(0, 5)
    .forEach((title) =>
      notices.push({ type: "PL", execution: "B", title, html: body(language, title) }),
    );
  titles
    .slice(2, 5)
    .forEach((title) =>
      notices.push({ type: "PL", execution: "A", title, html: body(language, title) }),
    );
  titles
    .slice(9, 10)
    .forEach((title) =>
      notices.push({ type: "PL", execution: "F", title, html: body(language, title) }),
    );
  // Promotion, banner and headline announcements.
  notices.push({
    type: "PR",
    execution: "B",
    title: titles[4]!,
    html: body(language, titles[4]!),
    promotionType: "DEPOSIT",
    promotionCode: "daily-reload",
  });
  notices.push({
    type: "PR",
    execution: "A",
    title: titles[11]!,
    html: body(language, titles[11]!),
    promotionType: "VIP",
    promotionCode: "vip-apply",
  });
  notices.push({
    type: "PR",
    execution: "F",
    title: titles[8]!,
    html: body(language, titles[8]!),
    promotionType: "NEW_PLAYER",
    promotionCode: "welcome-match",
  });
  notices.push({ type: "B", execution: "B", title: titles[1]!, html: body(language, titles[1]!) });
  notices.push({ type: "B", execution: "A", title: titles[6]!, html: body(language, titles[6]!) });
  notices.push({ type: "H", execution: "B", title: titles[3]!, html: body(language, titles[3]!) });
  notices.push({ type: "H", execution: "A", title: titles[7]!, html: body(language, titles[7]!) });
  return notices;
}

export const seedHelp: Record<
  "en" | "ur",
  { category: string; anchor: string; title: string; html: string }[]
> = {
  en: [
    {
      category: "about",
      anchor: "about",
      title: "About us",
      html: "<p>Lucky Harbour is an online gaming portal offering slots, live casino, fishing, sports, e-sports, card games and lottery from licensed providers, with one wallet for everything.</p>",
    },
    {
      category: "account",
      anchor: "register",
      title: "How do I register?",
      html: "<p>Press <strong>Register</strong>, choose a username and a password, confirm you are 18 or older and accept the terms. You are logged in straight away.</p>",
    },
    {
      category: "wallet",
      anchor: "deposit",
      title: "How do I deposit?",
      html: "<p>Open <strong>Deposit</strong>, choose a channel, enter the amount and follow the payment page. Your balance updates when the payment is confirmed.</p>",
    },
    {
      category: "wallet",
      anchor: "withdraw",
      title: "How do I withdraw?",
      html: "<p>Set a withdraw password in the security centre, add a payee account, then request a withdrawal. After payment, confirm whether you received it.</p>",
    },
    {
      category: "policy",
      anchor: "term",
      title: "Terms and conditions",
      html: "<h3>1. Eligibility</h3><p>You must be 18 years or older to open an account and play.</p><h3>2. One account</h3><p>Each person may hold one account. Duplicate accounts may be closed.</p><h3>3. Fair play</h3><p>Bonuses are subject to their own rules. Abuse leads to forfeiture.</p>",
    },
    {
      category: "policy",
      anchor: "privacy",
      title: "Privacy policy",
      html: "<p>We keep the personal data needed to run your account and meet legal duties. We never sell it. You may ask customer service for a copy at any time.</p>",
    },
    {
      category: "policy",
      anchor: "responsible",
      title: "Responsible gaming",
      html: "<p>Play for fun, set limits and take breaks. If gaming stops being fun, contact customer service to pause or close your account.</p>",
    },
    {
      category: "support",
      anchor: "faq",
      title: "Frequently asked questions",
      html: "<p><strong>Is my money safe?</strong> Every movement is recorded in a ledger and balances never go below zero.</p><p><strong>What is free trial?</strong> Free trial plays a game in demo mode without real money.</p>",
    },
  ],
  ur: [
    {
      category: "about",
      anchor: "about",
      title: "ہمارے بارے میں",
      html: "<p>لکی ہاربر ایک آن لائن گیمنگ پورٹل ہے جو سلاٹس، لائیو کیسینو، فشنگ، کھیل، ای اسپورٹس، کارڈ گیمز اور لاٹری لائسنس یافتہ فراہم کنندگان سے پیش کرتا ہے، ہر چیز کے لیے ایک ہی والیٹ کے ساتھ۔</p>",
    },
    {
      category: "account",
      anchor: "register",
      title: "میں رجسٹر کیسے کروں؟",
      html: "<p><strong>رجسٹر</strong> دبائیں، صارف نام اور پاس ورڈ منتخب کریں، تصدیق کریں کہ آپ کی عمر 18 سال یا زیادہ ہے اور شرائط قبول کریں۔ آپ فوراً لاگ ان ہو جائیں گے۔</p>",
    },
    {
      category: "wallet",
      anchor: "deposit",
      title: "میں رقم کیسے جمع کروں؟",
      html: "<p><strong>جمع کریں</strong> کھولیں، طریقہ منتخب کریں، رقم درج کریں اور ادائیگی کے صفحے پر عمل کریں۔</p>",
    },
    {
      category: "wallet",
      anchor: "withdraw",
      title: "میں رقم کیسے نکالوں؟",
      html: "<p>سیکیورٹی سینٹر میں نکالنے کا پاس ورڈ مقرر کریں، وصول کنندہ اکاؤنٹ شامل کریں، پھر رقم نکالنے کی درخواست دیں۔</p>",
    },
    {
      category: "policy",
      anchor: "term",
      title: "شرائط و ضوابط",
      html: "<h3>1. اہلیت</h3><p>اکاؤنٹ کھولنے اور کھیلنے کے لیے آپ کی عمر 18 سال یا زیادہ ہونی چاہیے۔</p><h3>2. ایک اکاؤنٹ</h3><p>ہر شخص ایک اکاؤنٹ رکھ سکتا ہے۔</p><h3>3. منصفانہ کھیل</h3><p>بونس اپنے قواعد کے تابع ہیں۔</p>",
    },
    {
      category: "policy",
      anchor: "privacy",
      title: "رازداری کی پالیسی",
      html: "<p>ہم آپ کا اکاؤنٹ چلانے کے لیے ضروری ذاتی معلومات رکھتے ہیں اور انہیں کبھی فروخت نہیں کرتے۔</p>",
    },
    {
      category: "policy",
      anchor: "responsible",
      title: "ذمہ دارانہ کھیل",
      html: "<p>تفریح کے لیے کھیلیں، حدود مقرر کریں اور وقفے لیں۔</p>",
    },
    {
      category: "support",
      anchor: "faq",
      title: "عمومی سوالات",
      html: "<p><strong>کیا میری رقم محفوظ ہے؟</strong> ہر لین دین لیجر میں درج ہوتا ہے اور بیلنس کبھی صفر سے کم نہیں ہوتا۔</p>",
    },
  ],
};
