import {
  Brain,
  Building,
  ChartColumn,
  Check,
  Clock,
  FileSpreadsheet,
  Mail,
  MessageCircle,
  Phone,
  Play,
  Shield,
  Sparkles,
  Workflow,
  Zap,
} from 'lucide-react';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { DemoPanel } from './demo-panel';

const NAV = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#integrations', label: 'Integrations' },
  { href: '#help', label: 'Help' },
  { href: '#contact', label: 'Contact' },
];

const FEATURES = [
  {
    icon: Brain,
    title: 'AI-Powered Extraction',
    text: 'OCR and machine learning read vendor, amounts, dates and line items from PDFs and scans, and categorize every expense.',
  },
  {
    icon: Zap,
    title: 'Lightning Fast Processing',
    text: 'Invoices are processed in minutes, not days. Drag, drop and let the AI do the data entry while you focus on your properties.',
  },
  {
    icon: Shield,
    title: 'Enterprise Security',
    text: 'Bank-grade encryption in transit and at rest, SOC 2 practices, tenant isolation and a full audit trail on every invoice.',
  },
  {
    icon: ChartColumn,
    title: 'Advanced Analytics',
    text: 'Spend by vendor, category and month across your portfolio, with trends that surface anomalies before they cost you.',
  },
];

const PLANS = [
  {
    id: 'STARTER',
    name: 'Starter',
    price: '$49',
    period: '/month',
    blurb: 'For small portfolios getting started with automation.',
    features: ['Up to 100 invoices per month', 'AI extraction', 'Basic integrations', 'Email support'],
  },
  {
    id: 'PROFESSIONAL',
    name: 'Professional',
    price: '$149',
    period: '/month',
    popular: true,
    blurb: 'For growing teams that process invoices every day.',
    features: [
      'Up to 500 invoices per month',
      'Advanced AI with 95%+ accuracy',
      'All integrations',
      'Priority support',
      'Custom workflows',
    ],
  },
  {
    id: 'ENTERPRISE',
    name: 'Enterprise',
    price: 'Custom',
    period: '',
    blurb: 'For large operators with bespoke requirements.',
    features: [
      'Unlimited invoices',
      'Custom AI training',
      'White-label',
      'Dedicated support',
      'SLA guarantee',
    ],
  },
] as const;

const INTEGRATIONS = [
  { icon: Building, name: 'Propertyware', kind: 'Property management system' },
  { icon: FileSpreadsheet, name: 'QuickBooks', kind: 'Accounting' },
  { icon: Workflow, name: 'Make.com', kind: 'Automation platform' },
  { icon: Mail, name: 'Email', kind: 'Forward invoices by email' },
];

const FAQ = [
  {
    q: 'Which file types can I upload?',
    a: 'PDF, JPEG, PNG and TIFF files up to 10 MB each. Multi-page PDFs and scans are supported.',
  },
  {
    q: 'How long does processing take?',
    a: 'Most invoices are processed in 10 to 30 seconds. Anything the AI is unsure about is flagged for your review.',
  },
  {
    q: 'Can I try it before I buy?',
    a: 'Yes. Every plan starts with a 14-day free trial, with no setup fees, and you can cancel anytime.',
  },
];

const FOOTER = [
  {
    title: 'Product',
    links: [
      ['Features', '#features'],
      ['Pricing', '#pricing'],
      ['Integrations', '#integrations'],
    ],
  },
  {
    title: 'Company',
    links: [
      ['About', '#top'],
      ['Careers', '#top'],
      ['Contact', '#contact'],
    ],
  },
  {
    title: 'Support',
    links: [
      ['Help Center', '#help'],
      ['Documentation', '#help'],
      ['Status', '#help'],
    ],
  },
] as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function SectionHeading({ eyebrow, title, text }: { eyebrow: string; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-400">
        {eyebrow}
      </p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h2>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">{text}</p>
    </div>
  );
}

function HeroMock() {
  const rows = [
    ['Acme Plumbing Co.', '$1,248.50', 'Processed', 'bg-emerald-500'],
    ['City Electric Supply', '$892.00', 'Review Required', 'bg-red-500'],
    ['GreenScape Landscaping', '$450.00', 'Approved', 'bg-emerald-500'],
    ['Metro HVAC Services', '$2,310.75', 'Processing', 'bg-blue-500'],
  ];
  return (
    <div aria-hidden className="relative mx-auto mt-14 max-w-4xl text-left">
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-gradient-to-r from-brand-500/20 via-violet-500/20 to-sky-500/20 blur-2xl" />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center gap-1.5 border-b border-slate-200 px-4 py-2.5 dark:border-slate-800">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-emerald-400" />
          <span className="ml-3 text-xs text-slate-500 dark:text-slate-400">app.invoicepilot.com</span>
        </div>
        <div className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-4">
          {[
            ['Total Invoices', '1,284'],
            ['Processing Queue', '3'],
            ['Monthly Total', '$48,920'],
            ['AI Accuracy', '94.2%'],
          ].map(([k, v]) => (
            <div key={k} className="rounded-lg border border-slate-100 p-3 dark:border-slate-800">
              <p className="text-[11px] text-slate-500 dark:text-slate-400">{k}</p>
              <p className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">{v}</p>
            </div>
          ))}
        </div>
        <div className="divide-y divide-slate-100 px-4 pb-4 dark:divide-slate-800">
          {rows.map(([vendor, amount, status, dot]) => (
            <div key={vendor} className="flex items-center gap-3 py-2.5 text-sm">
              <span className={cn('size-2 rounded-full', dot)} />
              <span className="flex-1 truncate text-slate-700 dark:text-slate-300">{vendor}</span>
              <span className="hidden text-xs text-slate-500 sm:inline dark:text-slate-400">{status}</span>
              <span className="w-24 text-right font-medium text-slate-900 tabular-nums dark:text-white">
                {amount}
              </span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function Newsletter() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!EMAIL_RE.test(value)) {
      setError('Please enter a valid email address');
      return;
    }
    setError(null);
    setEmail('');
    toast({
      title: 'Subscribed',
      description: `Thanks! Product updates will be sent to ${value}.`,
      variant: 'success',
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        Newsletter
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="border-slate-700 bg-slate-900 text-white placeholder:text-slate-500"
        />
        <Button type="submit">Subscribe to Updates</Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function LandingPage() {
  const [demoOpen, setDemoOpen] = useState(false);
  const closeDemo = useCallback(() => setDemoOpen(false), []);

  return (
    <div id="top" className="min-h-dvh bg-white dark:bg-slate-950">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/80">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <a href="#top" aria-label="InvoicePilot home">
            <Logo hideTextOnMobile />
          </a>
          <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
            {NAV.map((n) => (
              <a
                key={n.href}
                href={n.href}
                className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                {n.label}
              </a>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <a href="/api/login" className={buttonClass('ghost', 'md', 'px-3')}>
              Sign In
            </a>
            <a href="/api/login" className={buttonClass('primary', 'md', 'px-3 sm:px-4')}>
              Get Started
            </a>
          </div>
        </div>
      </header>

      <main id="main">
        <section className="relative overflow-hidden">
          <div
            aria-hidden
            className="absolute inset-x-0 top-0 -z-0 h-[560px] bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.18),transparent_60%)] dark:bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.25),transparent_60%)]"
          />
          <div className="relative mx-auto max-w-7xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24">
            <Badge tone="brand" className="px-3 py-1">
              <Sparkles className="size-3.5" aria-hidden /> AI invoice processing for property managers
            </Badge>
            <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
              AI-powered invoice processing for{' '}
              <span className="bg-gradient-to-r from-brand-600 to-violet-600 bg-clip-text text-transparent dark:from-brand-400 dark:to-violet-400">
                property management
              </span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-400">
              Upload vendor invoices and let AI extract vendors, amounts, dates and line items. Review,
              approve and sync to your property management system in minutes instead of hours.
            </p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <a href="/api/login" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
                Get Started
              </a>
              <Button
                variant="outline"
                size="lg"
                className="w-full sm:w-auto"
                onClick={() => setDemoOpen(true)}
                aria-expanded={demoOpen}
              >
                <Play aria-hidden /> Watch Demo
              </Button>
            </div>
            {demoOpen ? <DemoPanel onClose={closeDemo} /> : <HeroMock />}
          </div>
        </section>

        <section id="features" className="scroll-mt-20 bg-slate-50 py-24 dark:bg-slate-900/40">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <SectionHeading
              eyebrow="Features"
              title="Everything you need to automate accounts payable"
              text="From the moment an invoice arrives to the moment it is synced, InvoicePilot does the busywork."
            />
            <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map((f) => (
                <div
                  key={f.title}
                  className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
                    <f.icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{f.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{f.text}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section
          aria-label="Results"
          className="bg-gradient-to-r from-brand-700 to-violet-700 py-16 text-white"
        >
          <dl className="mx-auto grid max-w-5xl gap-10 px-4 text-center sm:grid-cols-3 sm:px-6">
            {[
              ['94%', 'Average accuracy'],
              ['2.3 minutes', 'Average processing time'],
              ['10,000+', 'Invoices processed monthly'],
            ].map(([value, label]) => (
              <div key={label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-brand-100">{label}</dt>
                <dd className="text-4xl font-extrabold tracking-tight">{value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section id="pricing" className="scroll-mt-20 py-24">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <SectionHeading
              eyebrow="Pricing"
              title="Simple, transparent pricing"
              text="Start with a 14-day free trial. No setup fees, cancel anytime."
            />
            <div className="mt-14 grid gap-6 lg:grid-cols-3">
              {PLANS.map((p) => {
                const popular = 'popular' in p && p.popular;
                return (
                  <div
                    key={p.id}
                    className={cn(
                      'relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm dark:bg-slate-900',
                      popular
                        ? 'border-brand-500 ring-2 ring-brand-500 dark:border-brand-400 dark:ring-brand-400'
                        : 'border-slate-200 dark:border-slate-800',
                    )}
                  >
                    {popular ? (
                      <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow">
                        Most Popular
                      </span>
                    ) : null}
                    <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{p.name}</h3>
                    <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{p.blurb}</p>
                    <p className="mt-6 flex items-baseline gap-1">
                      <span className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">
                        {p.price}
                      </span>
                      {p.period ? (
                        <span className="text-sm text-slate-500 dark:text-slate-400">{p.period}</span>
                      ) : null}
                    </p>
                    <ul className="mt-6 grid flex-1 gap-3 text-sm">
                      {p.features.map((f) => (
                        <li key={f} className="flex gap-2 text-slate-700 dark:text-slate-300">
                          <Check
                            className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                            aria-hidden
                          />
                          {f}
                        </li>
                      ))}
                    </ul>
                    {p.id === 'ENTERPRISE' ? (
                      <a
                        href="mailto:sales@invoicepilot.com?subject=InvoicePilot%20Enterprise"
                        className={buttonClass('outline', 'lg', 'mt-8 w-full')}
                      >
                        Contact Sales
                      </a>
                    ) : (
                      <a
                        href={`/api/login?auth=signUp&plan=${p.id}`}
                        className={buttonClass(popular ? 'primary' : 'outline', 'lg', 'mt-8 w-full')}
                        aria-label={`Start Free Trial of the ${p.name} plan`}
                      >
                        Start Free Trial
                      </a>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        </section>

        <section id="integrations" className="scroll-mt-20 bg-slate-50 py-24 dark:bg-slate-900/40">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <SectionHeading
              eyebrow="Integrations"
              title="Works with the tools you already use"
              text="Approved invoices sync automatically to your property management and accounting systems."
            />
            <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {INTEGRATIONS.map((i) => (
                <li
                  key={i.name}
                  className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
                >
                  <span className="grid size-12 place-items-center rounded-xl bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    <i.icon className="size-6" aria-hidden />
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900 dark:text-white">{i.name}</span>
                    <span className="block text-sm text-slate-500 dark:text-slate-400">{i.kind}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="help" className="scroll-mt-20 py-24">
          <div className="mx-auto max-w-3xl px-4 sm:px-6">
            <SectionHeading
              eyebrow="Help"
              title="Frequently asked questions"
              text="Quick answers to common questions."
            />
            <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {FAQ.map((f) => (
                <details key={f.q} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
                  <summary className="flex cursor-pointer list-none items-center justify-between font-medium text-slate-900 dark:text-white">
                    {f.q}
                    <span className="text-slate-400 transition group-open:rotate-45" aria-hidden>
                      +
                    </span>
                  </summary>
                  <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{f.a}</p>
                </details>
              ))}
            </div>
          </div>
        </section>

        <section className="px-4 pb-24 sm:px-6">
          <div className="mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-violet-700 px-6 py-16 text-center text-white shadow-xl sm:px-12">
            <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">
              Ready to automate your invoices?
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-brand-100">
              Join property managers who save hours every week with InvoicePilot.
            </p>
            <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-brand-50">
              {['No setup fees', '14-day free trial', 'Cancel anytime'].map((t) => (
                <li key={t} className="flex items-center gap-1.5">
                  <Check className="size-4" aria-hidden /> {t}
                </li>
              ))}
            </ul>
            <a
              href="/api/login"
              className="mt-8 inline-flex h-12 items-center rounded-lg bg-white px-6 font-semibold text-brand-700 shadow hover:bg-brand-50"
            >
              Start Your Free Trial
            </a>
          </div>
        </section>
      </main>

      <footer className="bg-slate-950 text-slate-300 dark:border-t dark:border-slate-800">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 lg:grid-cols-6">
          <div className="lg:col-span-1">
            <Logo className="[&_span:last-child]:text-white" />
            <p className="mt-4 max-w-xs text-sm text-slate-400">
              AI invoice processing built for property management companies.
            </p>
          </div>
          {FOOTER.map((col) => (
            <nav key={col.title} aria-label={col.title}>
              <h3 className="text-sm font-semibold text-white">{col.title}</h3>
              <ul className="mt-4 grid gap-2 text-sm">
                {col.links.map(([label, href]) => (
                  <li key={label}>
                    <a href={href} className="text-slate-400 hover:text-white">
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <div id="contact" className="scroll-mt-20 lg:col-span-2">
            <h3 className="text-sm font-semibold text-white">Contact</h3>
            <ul className="mt-4 grid gap-3 text-sm text-slate-400">
              <li className="flex items-center gap-2">
                <Mail className="size-4 shrink-0" aria-hidden />
                <a href="mailto:support@invoicepilot.com" className="hover:text-white">
                  support@invoicepilot.com
                </a>
              </li>
              <li className="flex items-center gap-2">
                <Phone className="size-4 shrink-0" aria-hidden />
                <a href="tel:+18005550199" className="hover:text-white">
                  +1 (800) 555-0199
                </a>
              </li>
              <li className="flex items-center gap-2">
                <MessageCircle className="size-4 shrink-0" aria-hidden />
                <span>Live chat 9 AM - 6 PM EST</span>
              </li>
              <li className="flex items-center gap-2">
                <Clock className="size-4 shrink-0" aria-hidden />
                <span>Monday to Friday</span>
              </li>
            </ul>
          </div>
        </div>
        <div className="border-t border-slate-800">
          <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-end md:justify-between">
            <div className="w-full max-w-md">
              <Newsletter />
            </div>
            <p className="text-sm text-slate-400">
              © {new Date().getFullYear()} InvoicePilot. All rights reserved.
            </p>
          </div>
        </div>
      </footer>
    </div>
  );
}
