/**
 * Reads Colombia's DIVIPOLA list (server/seed/data/divipola.csv, see server/seed/data/README.md for its sources and checks):
 * departments and municipality-level entities with their DANE codes and seat coordinates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';

export interface Municipality {
  id: number;
  code: string;
  name: string;
  departmentId: number;
  latitude: number;
  longitude: number;
}

export interface Department {
  id: number;
  code: string;
  name: string;
  /** Coordinates of the capital's municipal seat (municipality DD001). */
  latitude: number;
  longitude: number;
  municipalities: Municipality[];
}

interface CsvRow {
  department_code: string;
  department_name: string;
  municipality_code: string;
  municipality_name: string;
  latitude: string;
  longitude: string;
}

/** Bogotá, D.C.: a capital district, both department (11) and municipality (11001). */
export const BOGOTA_DEPARTMENT_ID = 11;
export const BOGOTA_ID = 11001;

/**
 * Áreas no municipalizadas (DANE class 'ANM', see data/README.md): territory of Amazonas, Guainía and
 * Vaupés that belongs to no municipality, so it has no mayor nor council.
 */
export const NON_MUNICIPALIZED_AREAS: ReadonlySet<number> = new Set([
  91263, 91405, 91407, 91430, 91460, 91530, 91536, 91669, 91798, 94883, 94884, 94885, 94886, 94887, 94888, 97511, 97777, 97889,
]);

export const isNonMunicipalizedArea = (municipality: Pick<Municipality, 'id'>): boolean => NON_MUNICIPALIZED_AREAS.has(municipality.id);

export const DIVIPOLA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'divipola.csv');

/** Parses the CSV text into departments (ordered by code), each with its municipalities. */
export function parseDivipola(csv: string): Department[] {
  const parsed = Papa.parse<CsvRow>(csv, { header: true, skipEmptyLines: true });
  if (parsed.errors.length > 0) throw new Error(`divipola.csv: ${parsed.errors[0]!.message} (fila ${parsed.errors[0]!.row})`);
  const departments = new Map<string, Department>();
  for (const row of parsed.data) {
    let department = departments.get(row.department_code);
    if (!department) {
      department = {
        id: Number(row.department_code),
        code: row.department_code,
        name: row.department_name,
        latitude: NaN,
        longitude: NaN,
        municipalities: [],
      };
      departments.set(row.department_code, department);
    }
    const municipality: Municipality = {
      id: Number(row.municipality_code),
      code: row.municipality_code,
      name: row.municipality_name,
      departmentId: department.id,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
    };
    department.municipalities.push(municipality);
    if (row.municipality_code === `${row.department_code}001`) {
      department.latitude = municipality.latitude;
      department.longitude = municipality.longitude;
    }
  }
  const list = [...departments.values()].sort((a, b) => a.id - b.id);
  for (const department of list) {
    if (Number.isNaN(department.latitude)) throw new Error(`divipola.csv: el departamento ${department.code} no tiene capital ${department.code}001`);
  }
  return list;
}

let cached: Department[] | undefined;

export function loadDivipola(): Department[] {
  cached ??= parseDivipola(fs.readFileSync(DIVIPOLA_FILE, 'utf8'));
  return cached;
}
