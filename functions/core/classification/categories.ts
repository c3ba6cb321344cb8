/** An expense category of the chart of accounts invoices are filed under. */
export interface ExpenseCategory {
  /** Stable identifier (kebab-case); never renamed once invoices use it. */
  code: string;
  name: string;
  description: string;
}

/** The default chart for property-management companies; organisations may rename or extend it. */
export const DEFAULT_CATEGORIES: ExpenseCategory[] = [
  {
    code: 'plumbing',
    name: 'Plumbing',
    description: 'Leaks, drains, pipes, water heaters, fixtures and sewer line repairs.',
  },
  {
    code: 'electrical',
    name: 'Electrical',
    description: 'Wiring, panels, breakers, outlets, lighting repairs and electrician call-outs.',
  },
  {
    code: 'hvac',
    name: 'HVAC',
    description: 'Heating, ventilation and air conditioning service, boilers, furnaces and filters.',
  },
  {
    code: 'landscaping',
    name: 'Landscaping',
    description: 'Lawn mowing, gardening, tree trimming, irrigation and mulch.',
  },
  {
    code: 'snow-removal',
    name: 'Snow removal',
    description: 'Snow plowing, shovelling, salting and de-icing of lots and walkways.',
  },
  {
    code: 'cleaning-janitorial',
    name: 'Cleaning and janitorial',
    description: 'Common-area cleaning, janitorial contracts, carpet and window cleaning, unit turnovers.',
  },
  {
    code: 'pest-control',
    name: 'Pest control',
    description: 'Extermination, rodent and insect treatment, termite inspections.',
  },
  {
    code: 'utilities-water-sewer',
    name: 'Utilities: water and sewer',
    description: 'Municipal water, sewer and stormwater bills.',
  },
  {
    code: 'utilities-electricity',
    name: 'Utilities: electricity',
    description: 'Electric power bills for common areas and vacant units.',
  },
  { code: 'utilities-gas', name: 'Utilities: gas', description: 'Natural gas and heating fuel bills.' },
  {
    code: 'trash-waste-removal',
    name: 'Trash and waste removal',
    description: 'Garbage collection, dumpsters, recycling and bulk junk removal.',
  },
  {
    code: 'insurance',
    name: 'Insurance',
    description: 'Property, liability, umbrella and flood insurance premiums.',
  },
  {
    code: 'property-tax',
    name: 'Property tax',
    description: 'Real estate and municipal property tax assessments.',
  },
  {
    code: 'legal-professional',
    name: 'Legal and professional',
    description: 'Attorneys, evictions, accountants, audits, appraisals and consultants.',
  },
  {
    code: 'management-fees',
    name: 'Management fees',
    description: 'Property management, leasing and asset management fees.',
  },
  {
    code: 'repairs-maintenance',
    name: 'Repairs and maintenance',
    description: 'General handyman work, doors, locks, drywall and make-ready repairs.',
  },
  {
    code: 'appliances',
    name: 'Appliances',
    description: 'Purchase, delivery and repair of refrigerators, ranges, washers, dryers and dishwashers.',
  },
  {
    code: 'roofing',
    name: 'Roofing',
    description: 'Roof repairs, replacement, gutters and leak inspections.',
  },
  {
    code: 'painting',
    name: 'Painting',
    description: 'Interior and exterior painting, primer and paint supplies for turnovers.',
  },
  {
    code: 'security',
    name: 'Security',
    description: 'Security guards, alarm monitoring, cameras, access control and locksmith systems.',
  },
  {
    code: 'supplies',
    name: 'Supplies',
    description: 'Hardware, office and cleaning supplies and small tools.',
  },
  {
    code: 'capital-improvements',
    name: 'Capital improvements',
    description: 'Renovations, remodels, new construction and major replacements.',
  },
  {
    code: 'software-telecom',
    name: 'Software and telecom',
    description: 'Software subscriptions, internet, phone and cloud services.',
  },
  {
    code: 'elevator',
    name: 'Elevator',
    description: 'Elevator maintenance contracts, inspections and repairs.',
  },
  {
    code: 'flooring',
    name: 'Flooring',
    description: 'Carpet, vinyl, tile and hardwood installation and repair.',
  },
  {
    code: 'pool-maintenance',
    name: 'Pool maintenance',
    description: 'Pool cleaning, chemicals, pumps and seasonal opening/closing.',
  },
  {
    code: 'advertising-leasing',
    name: 'Advertising and leasing',
    description: 'Listing sites, signage, tenant screening and marketing.',
  },
  {
    code: 'meals-travel',
    name: 'Meals and travel',
    description: 'Staff meals, fuel, mileage, parking and travel for property visits.',
  },
];
