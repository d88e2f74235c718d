// Measure endpoints.
import type { Measure } from '../../contract/entities';
import type { CreateMeasure } from '../../contract/requests';
import { client } from './client';

export function listMeasures(monthId: number): Promise<Measure[]> {
  return client.get('api/measures/', { searchParams: { month: monthId } }).json<Measure[]>();
}

export function createMeasure(body: CreateMeasure): Promise<Measure> {
  return client.post('api/measures/', { json: body }).json<Measure>();
}
