// MSW handlers for /api/journals/.
import { HttpResponse, http } from 'msw';
import type { CreateJournal, UpdateJournal } from '../../../../contract/requests';
import { foldForSearch, searchWords } from '../../../../contract/search-text';
import { makeJournal } from '../../../fixtures/factories';
import { db } from '../db';
import { idParam, noContent, notFound } from '../responses';
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
    const hits = inMonth
      .filter((j) => words.every((word) => foldForSearch(j.highlight).includes(word)))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((j) => ({ ...j, month_name: db.months.find((m) => m.id === j.month_id)?.name ?? '' }));
    return HttpResponse.json(hits);
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
    Object.assign(journal, (await request.json()) as UpdateJournal);
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
