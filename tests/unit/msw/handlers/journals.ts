// MSW handlers for /api/journals/.
import { HttpResponse, http } from 'msw';
import type { CreateJournal, UpdateJournal } from '../../../../contract/requests';
import {
  foldForSearch,
  SEARCH_RESULTS_LIMIT,
  searchPeriodDates,
  searchWords,
} from '../../../../contract/search-text';
import { makeJournal } from '../../../fixtures/factories';
import { db } from '../db';
import { applyPatch, idParam, noContent, notFound } from '../responses';
import { apiUrl } from '../url';

export const journalHandlers = [
  http.get(apiUrl('api/journals/'), ({ request }) => {
    const month = idParam(request, 'month');
    const search = new URL(request.url).searchParams.get('search');
    const inMonth = db.journals.filter((j) => month === null || j.month_id === month);
    if (search === null) return HttpResponse.json(inMonth);
    // As the server: every folded word in the folded highlight, newest first, with the month name.
    const words = searchWords(search);
    if (words.length === 0) {
      return HttpResponse.json({ search: ['This field may not be blank.'] }, { status: 400 });
    }
    const params = new URL(request.url).searchParams;
    const dates = searchPeriodDates(params.get('period') ?? '');
    const hits = inMonth
      .filter((j) => words.every((word) => foldForSearch(j.highlight).includes(word)))
      .filter((j) => !dates || (j.created_at >= dates.from && j.created_at <= dates.to))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((j) => ({ ...j, month_name: db.months.find((m) => m.id === j.month_id)?.name ?? '' }));
    // As the server: pages of `limit` (50) with a Link to the next; the cursor is the offset here.
    const limit = Number(params.get('limit') ?? SEARCH_RESULTS_LIMIT);
    const start = Number(params.get('cursor') ?? 0);
    const page = hits.slice(start, start + limit);
    if (start + limit >= hits.length) return HttpResponse.json(page);
    const next = new URL(request.url);
    next.searchParams.set('cursor', String(start + limit));
    return HttpResponse.json(page, {
      headers: { link: `<${next.pathname}${next.search}>; rel="next"` },
    });
  }),
  http.post(apiUrl('api/journals/'), async ({ request }) => {
    const body = (await request.json()) as CreateJournal;
    const month = db.months.find((m) => m.id === body.month_id);
    if (!month) {
      return HttpResponse.json({ month_id: ['Invalid pk.'] }, { status: 400 });
    }
    const journal = makeJournal(month, {
      highlight: body.highlight,
      ...(body.created_at === undefined ? {} : { created_at: body.created_at }),
    });
    db.journals.push(journal);
    return HttpResponse.json(journal, { status: 201 });
  }),
  http.patch(apiUrl('api/journals/:id/'), async ({ params, request }) => {
    const journal = db.journals.find((j) => j.id === Number(params.id));
    if (!journal) return notFound();
    applyPatch(journal, (await request.json()) as UpdateJournal);
    return HttpResponse.json(journal);
  }),
  http.delete(apiUrl('api/journals/delete/:id/'), ({ params }) => {
    const id = Number(params.id);
    if (!db.journals.some((j) => j.id === id)) return notFound();
    db.journals = db.journals.filter((j) => j.id !== id);
    db.dailyHabits = db.dailyHabits.filter((d) => d.journal_id !== id);
    db.dailyMeasures = db.dailyMeasures.filter((d) => d.journal_id !== id);
    return noContent();
  }),
];
