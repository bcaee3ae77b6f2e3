import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { countries, musicSkills, musicStyles, privileges, socialNetworks } from '../../platform/schema.ts';

export function createReferenceRepository(db: Db) {
  return {
    countries: () => db.select().from(countries).orderBy(asc(countries.code)),
    socialNetworks: () => db.select().from(socialNetworks).orderBy(asc(socialNetworks.rank)),
    musicStyles: () => db.select().from(musicStyles).orderBy(asc(musicStyles.rank)),
    musicSkills: () => db.select().from(musicSkills).orderBy(asc(musicSkills.rank)),
    privileges: () => db.select().from(privileges).orderBy(asc(privileges.name)),
  };
}

export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
