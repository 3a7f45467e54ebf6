/**
 * What the demo groups talk about. Each theme is one planted era: its own questions and statements,
 * whose distinctive words become the era's vocabulary. Generic lines are shared chat filler that
 * belongs to no era. Slots: {name} another member, {day} a weekday, {time} an hour.
 */
export interface DemoTheme {
  theme: string;
  questions: string[];
  statements: string[];
}

export const DEMO_THEMES: DemoTheme[] = [
  {
    theme: 'planning a trip to Lisbon',
    questions: [
      'Has anyone booked the flights to Lisbon yet?',
      'Airbnb in Alfama or the hostel near the river, what do we think?',
      'Is a day trip to Sintra worth it or too touristy?',
      '{name}, did your passport renewal come through?',
      'Are we doing carry-on only or checking luggage?',
      'Who wants to sort the itinerary for the first two days?',
      'Does anyone know if the tram 28 queue is as bad as people say?',
    ],
    statements: [
      'Flights are cheapest if we fly out on a {day}, I checked three airlines.',
      'Found a lovely Airbnb with a rooftop terrace, sending the link now.',
      'The layover on the way back is only ninety minutes, a bit tight.',
      'We have to try the pastel de nata at the bakery in Belem.',
      'I put the itinerary in a shared doc, add whatever you fancy.',
      'Beach day at Cascais on the Saturday, it is a short train ride.',
      'My passport expires in March so I am renewing it this week.',
      'Booked! Confirmation email for the flights should be in your inbox.',
      'Remember sunscreen, the forecast for Lisbon says 27 degrees.',
    ],
  },
  {
    theme: 'a product launch',
    questions: [
      'Is the landing page copy final or still in review?',
      'How many beta signups do we have as of this morning?',
      'Are we announcing the pricing tiers at launch or a week later?',
      '{name}, can you own the release notes for the launch?',
      'Did the press embargo get confirmed with the journalists?',
      'Which bugs are still blocking the release candidate?',
      'Should the onboarding flow ask for the company size?',
    ],
    statements: [
      'Beta signups just crossed four hundred, way above forecast.',
      'The release candidate is on staging, please click through the onboarding.',
      'Pricing page is live behind the feature flag.',
      'Found a nasty bug in the checkout, fixing it before {time} tonight.',
      'Launch date is locked for {day}, marketing has the announcement queued.',
      'Customer interviews keep mentioning the dashboard export, roadmap item for sure.',
      'Press kit is uploaded with screenshots and the founder quotes.',
      'Conversion on the landing page went up after the new headline.',
      'Support inbox is ready, canned replies for the launch questions are done.',
    ],
  },
  {
    theme: 'moving house',
    questions: [
      'Does anyone have spare cardboard boxes I could borrow?',
      'Is the removal van booked for the morning or the afternoon?',
      'Has the landlord said anything about returning the deposit?',
      '{name}, could you help carry the wardrobe down the stairs?',
      'When do we get the keys to the new flat?',
      'Who do I ring to transfer the broadband to the new address?',
      'Are the movers taking the sofa or are we doing it ourselves?',
    ],
    statements: [
      'Packed twelve boxes of books today and my back hates me.',
      'The movers quoted less than expected, booked them for {day}.',
      'Landlord inspection is on {day}, I need to patch the holes in the wall.',
      'Keys are collected, the new flat smells of fresh paint.',
      'Broadband at the new address will not be connected for two weeks.',
      'Labelled every box by room, the kitchen ones are in red tape.',
      'The wardrobe does not fit through the bedroom door, classic.',
      'Meter readings done and the council tax form is sent.',
      'Deposit came back in full, a small miracle.',
    ],
  },
  {
    theme: 'a running club',
    questions: [
      'Is anyone doing parkrun on Saturday morning?',
      'What pace are we aiming for on the long Sunday route?',
      '{name}, how are the new trainers feeling after a few miles?',
      'Interval session on the track at {time}, who is in?',
      'Has anyone entered the half marathon ballot?',
      'Are hill repeats on Thursday still happening in this weather?',
      'Does anyone have tips for shin splints?',
    ],
    statements: [
      'New personal best at parkrun, twenty four minutes flat!',
      'Negative splits on the ten miler today, legs felt strong.',
      'Hill repeats nearly broke me but the view from the top helped.',
      'Track intervals tonight: eight times four hundred with ninety second recoveries.',
      'Foam rolling and stretching after every session has fixed my calves.',
      'I entered the half marathon, training plan starts {day}.',
      'The towpath route is flooded, we will loop the park instead.',
      'Bought new trainers with more cushioning, my knees approve.',
      'Remember reflective vests for the evening miles, it gets dark early.',
    ],
  },
  {
    theme: 'an allotment garden',
    questions: [
      'Has anyone got spare tomato seedlings?',
      'Who is on watering duty at the allotment this week?',
      'Is it too early to plant out the courgettes?',
      '{name}, did the slugs get your lettuces as well?',
      'Should we build a second raised bed by the shed?',
      'Anyone know a trick for keeping pigeons off the brassicas?',
      'Is the compost heap ready to spread yet?',
    ],
    statements: [
      'First tomatoes are ripening in the greenhouse!',
      'The slugs demolished half the lettuces overnight, beer traps going in.',
      'Turned the compost heap, it is finally crumbly and dark.',
      'Runner beans are climbing the canes faster than I can tie them.',
      'Weeded the raised beds for two hours, the bindweed is relentless.',
      'Netting is up over the brassicas, take that pigeons.',
      'Courgette glut incoming, I will leave some by the allotment gate.',
      'Sowed carrots and beetroot in the far bed on {day}.',
      'The water butt is empty, we need rain or a hosepipe.',
    ],
  },
  {
    theme: 'playing in a band',
    questions: [
      'Rehearsal on {day} at the studio, does {time} work?',
      'Which songs are we cutting from the setlist for the pub gig?',
      '{name}, can you bring the spare amp and the cables?',
      'Should the bridge go up a key before the last chorus?',
      'Who is handling the soundcheck time with the venue?',
      'Does the drummer want a click track for the recording?',
      'Are we charging on the door or passing the hat?',
    ],
    statements: [
      'The new bassline in the second verse sounds massive.',
      'Setlist for Friday is twelve songs, encore if they want one.',
      'Booked the rehearsal studio for three hours on {day}.',
      'My amp crackles on the clean channel, taking it in for repair.',
      'Recorded the chorus harmonies on my phone, they are close.',
      'The pub gig is confirmed, soundcheck at six and doors at eight.',
      'Drummer says the tempo on the opener keeps creeping up.',
      'Someone filmed the gig, the guitar solo actually holds up.',
      'Printed the lyrics for the new song so we can learn the bridge.',
    ],
  },
  {
    theme: 'planning a wedding',
    questions: [
      'Has the venue sent the updated contract yet?',
      'How many RSVPs have come back so far?',
      '{name}, could you take a look at the seating plan?',
      'Are we doing a sit-down meal or a buffet with the caterer?',
      'Who is giving speeches besides the best man?',
      'Did the florist confirm the peonies or are we switching?',
      'Do we need a DJ for the evening or just a playlist?',
    ],
    statements: [
      'The venue has the marquee and the walled garden, perfect if it rains.',
      'Sixty RSVPs in, mostly yes, three still ignoring the invitation.',
      'Tasting with the caterer on {day}, the lamb was the winner.',
      'Dress fitting went well, only the hem needs taking up.',
      'The florist suggested peonies and eucalyptus for the tables.',
      'Seating plan attempt number four, keeping the cousins apart.',
      'Best man speech is drafted and mercifully short.',
      'Booked the DJ, first dance song is still under negotiation.',
      'Guest list is capped at ninety or the budget explodes.',
    ],
  },
  {
    theme: 'a new puppy',
    questions: [
      'What treats work best for puppy training?',
      'Is the crate meant to be in the bedroom at first?',
      '{name}, which vet do you take your dog to?',
      'How long should the walks be before the second vaccinations?',
      'Any tips for stopping her chewing the skirting boards?',
      'Does anyone recommend a puppy class nearby?',
      'Harness or collar for a lead that pulls this much?',
    ],
    statements: [
      'The puppy slept through the night in her crate for the first time!',
      'Vet says she is healthy, second vaccinations due on {day}.',
      'She chewed a shoe, a cable and the corner of the rug, all before breakfast.',
      'Training is going well, she sits and waits for the treats.',
      'First proper walk in the park, she wanted to greet every dog.',
      'Bought a harness, the lead pulling is much better already.',
      'Puppy class on Saturdays, she was the smallest and the loudest.',
      'She fetched the ball and brought it back, we nearly cried.',
      'The house is covered in chew toys and tiny teeth marks.',
    ],
  },
  {
    theme: 'renovating the kitchen',
    questions: [
      'Has the builder sent the revised quote?',
      'Matt or gloss tiles for the splashback?',
      '{name}, do you know a reliable plumber?',
      'Oak worktop or quartz, which is easier to live with?',
      'When is the skip being collected?',
      'Are the new cabinets arriving before the electrician?',
      'Is it worth moving the sink under the window?',
    ],
    statements: [
      'The builder knocked through the wall today, the dust is unreal.',
      'Tiles are ordered, the grout will be charcoal.',
      'Plumber is coming on {day} to move the sink pipes.',
      'The worktop measurements were off by two centimetres, remeasure needed.',
      'Cabinets are flat-packed in the hallway, it looks like a warehouse.',
      'Extractor fan installed, no more smoke alarm when frying.',
      'Skip is full of old units and the broken fridge.',
      'The quote went up because of the rewiring, not thrilled.',
      'Cooking on a camping stove in the living room until the oven is fitted.',
    ],
  },
  {
    theme: 'baking sourdough',
    questions: [
      'How often do you feed your sourdough starter?',
      'Is my loaf underproofed if the crumb is dense at the bottom?',
      '{name}, what hydration do you use for focaccia?',
      'Strong white flour or a mix with rye?',
      'Do you bake in a dutch oven or on a stone?',
      'Has anyone tried laminating dough for croissants at home?',
      'How long do you leave the dough for the cold retard?',
    ],
    statements: [
      'My starter doubled in four hours, it is finally alive.',
      'Best loaf yet, open crumb and a crackling crust.',
      'Scored the dough too shallow and it burst out the side.',
      'Focaccia with rosemary and sea salt for the picnic on {day}.',
      'Seventy five percent hydration is my sweet spot with this flour.',
      'The croissants took two days and about a kilo of butter, worth it.',
      'Proving overnight in the fridge makes the flavour much tangier.',
      'Preheat the dutch oven for a full hour, it makes the oven spring.',
      'Gave half the loaf to the neighbours, they asked for the recipe.',
    ],
  },
];

/** Chat filler that belongs to no era: replies, reactions and small talk. */
export const GENERIC_REPLIES: string[] = [
  'haha yes',
  'sounds good to me',
  'ok!',
  'sure, count me in',
  'lol',
  'good point',
  'let me check and get back to you',
  'agreed',
  'thanks {name}!',
  'nice one',
  'omg',
  'ha, fair enough',
  'not sure tbh',
  'works for me',
  'same here',
  'that is brilliant',
  'oh no',
  'yes please',
  'I can do {time} if that helps',
  'amazing, well done',
];

export const GENERIC_SMALL_TALK: string[] = [
  'morning all',
  'anyone around tonight?',
  'sorry, late reply, busy day',
  'what a week',
  'happy {day} everyone',
  'did anyone else hear that thunder?',
  'coffee at {time} tomorrow?',
  'how is everyone doing?',
  'back online, what did I miss?',
  'the traffic this morning was awful',
  '{name} are you free on {day}?',
  'good night all',
];

/** Openers and endings that vary how era lines are said, so the same sentence rarely repeats verbatim. */
export const PREFIXES: string[] = [
  'btw ',
  'ok so ',
  'quick one: ',
  'honestly ',
  'update: ',
  'hey all, ',
  'random but ',
];
export const SUFFIXES: string[] = [' :)', ' haha', '!!', ' 😅', ' 👍', ' fwiw', ' anyway'];

export const DEMO_NAMES: string[] = [
  'Maya',
  'Jonas',
  'Priya',
  'Tom',
  'Aisha',
  'Lukas',
  'Sofia',
  'Ben',
  'Chen',
  'Elena',
  'Marco',
  'Nina',
  'Omar',
  'Hannah',
  'Kofi',
  'Ines',
];

/** What fills the {day} and {time} slots. */
export const DEMO_WEEKDAYS: string[] = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
export const DEMO_TIMES: string[] = ['7', '8', 'half 7', '6ish', 'noon', '9'];

/** Every line and word the eras share: replies, small talk, openers and endings, names, weekdays and times. */
export const DEMO_FILLER_LINES: string[] = [
  ...GENERIC_REPLIES,
  ...GENERIC_SMALL_TALK,
  ...PREFIXES,
  ...SUFFIXES,
  ...DEMO_NAMES,
  ...DEMO_WEEKDAYS,
  ...DEMO_TIMES,
];

/**
 * Named people, places, organisations, products, works and events planted in each theme's era: now and then an
 * era line gets one more sentence naming one of them, by its name or an alias ({alias}), so that entity profiles
 * (aliases merged, counts, co-occurrence) have something to show and can be checked against what was planted.
 */
export interface DemoEntity {
  name: string;
  kind: 'person' | 'place' | 'organisation' | 'product' | 'work' | 'event';
  aliases: string[];
  lines: string[];
}

export const DEMO_ENTITIES: Record<string, DemoEntity[]> = {
  'planning a trip to Lisbon': [
    {
      name: 'Ana Costa',
      kind: 'person',
      aliases: ['Dr. Ana Costa', 'Ana'],
      lines: [
        '{alias} offered to show us around the castle.',
        'Our guide will be {alias}, she knows every viewpoint.',
        'I emailed {alias} about the walking tour.',
      ],
    },
    {
      name: 'Lisbon',
      kind: 'place',
      aliases: [],
      lines: ['Counting the days until {alias}.', '{alias} in April, I cannot wait.'],
    },
    {
      name: 'EasyJet',
      kind: 'organisation',
      aliases: [],
      lines: ['{alias} has a sale on this week.', 'Checked in online with {alias} already.'],
    },
  ],
  'a product launch': [
    {
      name: 'Rachel Lindqvist',
      kind: 'person',
      aliases: ['Rachel'],
      lines: ['{alias} signed off on the pricing page.', 'Waiting for {alias} to sign the copy.'],
    },
    {
      name: 'Northwind Labs',
      kind: 'organisation',
      aliases: ['Northwind'],
      lines: ['The folks at {alias} requested a demo first.', '{alias} is our biggest beta customer.'],
    },
    {
      name: 'Pixel Board',
      kind: 'product',
      aliases: [],
      lines: ['The {alias} demo video is almost ready.', 'Early reviews of the {alias} are glowing.'],
    },
  ],
  'moving house': [
    {
      name: 'Duncan Hale',
      kind: 'person',
      aliases: ['Mr. Duncan Hale', 'Duncan'],
      lines: ['{alias} expects the keys back by Friday.', 'Spoke to {alias} about the deposit.'],
    },
    {
      name: 'Leeds',
      kind: 'place',
      aliases: [],
      lines: ['The new flat in {alias} has a balcony.', 'Driving the van up to {alias} early.'],
    },
  ],
  'a running club': [
    {
      name: 'Ray Mendes',
      kind: 'person',
      aliases: ['Ray'],
      lines: ['{alias} set us a hill session.', 'Check with {alias} about the route.'],
    },
    {
      name: 'Berlin Marathon',
      kind: 'event',
      aliases: [],
      lines: ['Signed up for the {alias}.', 'Only ten Sundays until the {alias}.'],
    },
  ],
  'an allotment garden': [
    {
      name: 'Margaret Olsen',
      kind: 'person',
      aliases: ['Margaret'],
      lines: ['{alias} donated some seedlings.', '{alias} from plot nine says hello.'],
    },
    {
      name: 'Royal Horticultural Society',
      kind: 'organisation',
      aliases: ['RHS'],
      lines: ['The {alias} guide says to wait.', 'Read about it on the {alias} site.'],
    },
  ],
  'playing in a band': [
    {
      name: 'Leo Marsh',
      kind: 'person',
      aliases: ['Leo'],
      lines: ['{alias} wrote a new bridge.', 'Remind {alias} to bring the spare cables.'],
    },
    {
      name: 'Blue Monday',
      kind: 'work',
      aliases: [],
      lines: ['We should cover {alias}.', 'Our version of {alias} sounds tighter now.'],
    },
  ],
  'planning a wedding': [
    {
      name: 'Clara Jensen',
      kind: 'person',
      aliases: ['Clara'],
      lines: ['{alias} is doing the flowers.', 'Call {alias} about the seating plan.'],
    },
    {
      name: 'Villa Rosa',
      kind: 'place',
      aliases: [],
      lines: ['The venue at {alias} confirmed everything.', '{alias} is stunning in the photos.'],
    },
  ],
  'a new puppy': [
    {
      name: 'Helen Park',
      kind: 'person',
      aliases: ['Dr. Helen Park', 'Helen'],
      lines: ['{alias} at the vet thinks he is healthy.', 'Booked the jabs with {alias}.'],
    },
    {
      name: 'Battersea',
      kind: 'organisation',
      aliases: [],
      lines: ['We adopted him from {alias}.', '{alias} sent a follow-up letter.'],
    },
  ],
  'renovating the kitchen': [
    {
      name: 'IKEA',
      kind: 'organisation',
      aliases: [],
      lines: ['The {alias} order arrives on Monday.', 'Went back to {alias} for more hinges.'],
    },
    {
      name: 'Dave Kowalski',
      kind: 'person',
      aliases: ['Dave'],
      lines: ['{alias} is installing the worktops.', '{alias} the plumber is coming early.'],
    },
  ],
  'baking sourdough': [
    {
      name: 'Greta Lind',
      kind: 'person',
      aliases: ['Greta'],
      lines: ['{alias} gave me some of her starter.', 'Following the recipe from {alias}.'],
    },
    {
      name: 'Tartine Bread',
      kind: 'work',
      aliases: [],
      lines: ['The {alias} book explains the fold.', 'Rereading {alias} tonight.'],
    },
  ],
};
