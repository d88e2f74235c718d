// Mounts every API route under /api; unknown /api paths fall through to a JSON 404.
import type { FastifyInstance } from 'fastify';
import accountRoutes from './account.js';
import accountKeyRoutes from './account-keys.js';
import authRoutes from './auth.js';
import billingRoutes from './billing.js';
import dailyHabitRoutes from './daily-habits.js';
import dailyMeasureRoutes from './daily-measures.js';
import exportImportRoutes from './export-import.js';
import goalRoutes from './goals.js';
import habitRoutes from './habits.js';
import healthRoutes from './health.js';
import importUndoRoutes from './import-undo.js';
import journalRoutes from './journals.js';
import measureRoutes from './measures.js';
import monthStatsRoutes from './month-stats.js';
import monthRoutes from './months.js';
import recoveryRoutes from './recovery.js';
import reminderRoutes from './reminders.js';
import trashRoutes from './trash.js';
import yearRoutes from './years.js';

export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(accountKeyRoutes);
  await app.register(billingRoutes);
  await app.register(monthRoutes);
  await app.register(monthStatsRoutes);
  await app.register(yearRoutes);
  await app.register(journalRoutes);
  await app.register(goalRoutes);
  await app.register(habitRoutes);
  await app.register(measureRoutes);
  await app.register(dailyHabitRoutes);
  await app.register(dailyMeasureRoutes);
  await app.register(exportImportRoutes);
  await app.register(importUndoRoutes);
  await app.register(trashRoutes);
  await app.register(recoveryRoutes);
  await app.register(reminderRoutes);
}
