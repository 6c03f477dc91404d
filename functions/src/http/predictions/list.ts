import type { Prediction } from '@app/contracts/predictions';
import { json, RawJson } from '@app/platform/http/response';
import { predictionService } from '../../composition.ts';
import { httpRoute } from '../route.ts';

// The service hands out the same array while its read is cached, so its JSON is made once.
const serialised = new WeakMap<Prediction[], RawJson>();

/** Today's and upcoming predictions; locked unless the viewer is premium. */
export const handler = httpRoute({ auth: 'viewer' }, async ({ viewer }) => {
  const list = await predictionService().listUpcoming(viewer);
  let body = serialised.get(list);
  if (!body) serialised.set(list, (body = new RawJson(JSON.stringify(list))));
  return json(body);
});
