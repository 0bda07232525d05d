-- Static rows for local development and tests: groups, categories and which group offers which category.
-- Accounts, memberships and posts with their photos are made by seed/index.ts (it needs the auth and storage
-- APIs). The fixed ids are listed in seed/ids.ts for tests and e2e. Idempotent.

insert into public.category (id, name, display_name) values
  ('20000000-0000-4000-8000-000000000001', 'photography', 'Photography'),
  ('20000000-0000-4000-8000-000000000002', 'street', 'Street'),
  ('20000000-0000-4000-8000-000000000003', 'landscape', 'Landscape'),
  ('20000000-0000-4000-8000-000000000004', 'architecture', 'Architecture'),
  ('20000000-0000-4000-8000-000000000005', 'people', 'People'),
  ('20000000-0000-4000-8000-000000000006', 'nature', 'Nature'),
  ('20000000-0000-4000-8000-000000000007', 'night', 'Night'),
  ('20000000-0000-4000-8000-000000000008', 'black-and-white', 'Black & White')
on conflict (id) do nothing;

insert into public."group" (id, display_name, description, is_private, created_at) values
  ('10000000-0000-4000-8000-000000000001', 'Bristol Harbourside',
   'Cranes on the quayside, coloured terraces climbing the hills and the ferries on the Floating Harbour. Share the Bristol you see on your walks, from the Suspension Bridge to Wapping Wharf.',
   false, now() - interval '120 days'),
  ('10000000-0000-4000-8000-000000000002', 'Edinburgh Old Town',
   'Closes and wynds off the Royal Mile, the castle on its rock and the view from Calton Hill at first light. For everyone photographing Edinburgh, haar and all.',
   false, now() - interval '110 days'),
  ('10000000-0000-4000-8000-000000000003', 'York Within the Walls',
   'The Minster in evening light, the Shambles before the crowds arrive and the Ouse when it floods the riverside pubs. Photographs of York, inside the walls and out.',
   false, now() - interval '95 days'),
  ('10000000-0000-4000-8000-000000000004', 'Brighton Seafront',
   'Pebbles, piers and the starlings over the West Pier at dusk. Brighton and Hove from the beach huts to the Lanes.',
   false, now() - interval '90 days'),
  ('10000000-0000-4000-8000-000000000005', 'Manchester After Dark',
   'Neon, rain and red-brick mills. Night photography around Ancoats, the Northern Quarter and the canals of Castlefield.',
   false, now() - interval '80 days'),
  ('10000000-0000-4000-8000-000000000006', 'Keswick & Derwentwater',
   'Morning mist on Derwentwater, Catbells from the launch and the fells above Borrowdale. A group for the town of Keswick and the valleys around it.',
   false, now() - interval '70 days'),
  ('10000000-0000-4000-8000-000000000007', 'Film Photography Club',
   'For those who still wait for the lab: 35mm, medium format and home-developed black and white. Tell us the stock, the camera and how you metered it.',
   false, now() - interval '60 days'),
  ('10000000-0000-4000-8000-000000000008', 'The Harper Family',
   'Our family album: holidays, birthdays and Sunday walks. Members only.',
   true, now() - interval '50 days')
on conflict (id) do nothing;

insert into public.group_category (group_id, category_id)
select g.id, c.id
from (values
  ('10000000-0000-4000-8000-000000000001'::uuid, array['photography', 'street', 'architecture', 'people']),
  ('10000000-0000-4000-8000-000000000002'::uuid, array['photography', 'architecture', 'landscape', 'street', 'night']),
  ('10000000-0000-4000-8000-000000000003'::uuid, array['photography', 'architecture', 'street', 'people']),
  ('10000000-0000-4000-8000-000000000004'::uuid, array['photography', 'street', 'people', 'nature']),
  ('10000000-0000-4000-8000-000000000005'::uuid, array['photography', 'night', 'street', 'architecture']),
  ('10000000-0000-4000-8000-000000000006'::uuid, array['photography', 'landscape', 'nature']),
  ('10000000-0000-4000-8000-000000000007'::uuid, array['photography', 'black-and-white', 'street', 'landscape', 'people']),
  ('10000000-0000-4000-8000-000000000008'::uuid, array['photography', 'people', 'nature'])
) as g (id, categories)
join public.category c on c.name = any (g.categories)
on conflict do nothing;
