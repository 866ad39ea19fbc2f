/**
 * The authorization model of knowledge/fga/model.fga in OpenFGA's JSON form (what the transformer of
 * @openfga/syntax-transformer produces and what an OpenFGA server stores). The DSL file is the source of truth:
 * a test in the knowledge package parses it and compares it with this constant, so the two cannot drift.
 * REQ-kb-fga, REQ-rec-fga.
 */
import type { FgaModel } from './types';

/**
 * REQ-kb-fga Knowledge documents, the data access matrix and record confidentiality (REQ-kb) as one OpenFGA
 * model (schema 1.1).
 */
export const SENTINEL_FGA_MODEL = {
  schema_version: '1.1',
  type_definitions: [
    { type: 'user', relations: {}, metadata: null },
    {
      type: 'clinic',
      relations: {
        patient: { this: {} },
        doctor: { this: {} },
        nurse: { this: {} },
        pharmacist: { this: {} },
        dietitian: { this: {} },
        lab_tech: { this: {} },
        admin: { this: {} },
        needs_no_specialization: {
          union: {
            child: [
              { computedUserset: { relation: 'patient' } },
              { computedUserset: { relation: 'nurse' } },
              { computedUserset: { relation: 'pharmacist' } },
              { computedUserset: { relation: 'dietitian' } },
              { computedUserset: { relation: 'lab_tech' } },
              { computedUserset: { relation: 'admin' } },
            ],
          },
        },
        high_sensitivity_reader: {
          union: {
            child: [{ computedUserset: { relation: 'doctor' } }, { computedUserset: { relation: 'admin' } }],
          },
        },
        patient_records_reader: {
          union: {
            child: [
              { computedUserset: { relation: 'doctor' } },
              { computedUserset: { relation: 'nurse' } },
              { computedUserset: { relation: 'admin' } },
            ],
          },
        },
        patient_records_writer: {
          union: {
            child: [{ computedUserset: { relation: 'doctor' } }, { computedUserset: { relation: 'admin' } }],
          },
        },
        appointment_schedule_reader: {
          union: {
            child: [
              { computedUserset: { relation: 'doctor' } },
              { computedUserset: { relation: 'nurse' } },
              { computedUserset: { relation: 'admin' } },
            ],
          },
        },
        appointment_schedule_writer: {
          union: {
            child: [{ computedUserset: { relation: 'doctor' } }, { computedUserset: { relation: 'admin' } }],
          },
        },
        prescriptions_reader: {
          union: {
            child: [
              { computedUserset: { relation: 'doctor' } },
              { computedUserset: { relation: 'pharmacist' } },
              { computedUserset: { relation: 'admin' } },
            ],
          },
        },
        prescriptions_writer: {
          union: {
            child: [{ computedUserset: { relation: 'doctor' } }, { computedUserset: { relation: 'admin' } }],
          },
        },
        lab_results_reader: {
          union: {
            child: [
              { computedUserset: { relation: 'doctor' } },
              { computedUserset: { relation: 'lab_tech' } },
              { computedUserset: { relation: 'admin' } },
            ],
          },
        },
        lab_results_writer: {
          union: {
            child: [
              { computedUserset: { relation: 'lab_tech' } },
              { computedUserset: { relation: 'doctor' } },
              { computedUserset: { relation: 'admin' } },
            ],
          },
        },
      },
      metadata: {
        relations: {
          patient: { directly_related_user_types: [{ type: 'user' }] },
          doctor: { directly_related_user_types: [{ type: 'user' }] },
          nurse: { directly_related_user_types: [{ type: 'user' }] },
          pharmacist: { directly_related_user_types: [{ type: 'user' }] },
          dietitian: { directly_related_user_types: [{ type: 'user' }] },
          lab_tech: { directly_related_user_types: [{ type: 'user' }] },
          admin: { directly_related_user_types: [{ type: 'user' }] },
          needs_no_specialization: { directly_related_user_types: [] },
          high_sensitivity_reader: { directly_related_user_types: [] },
          patient_records_reader: { directly_related_user_types: [] },
          patient_records_writer: { directly_related_user_types: [] },
          appointment_schedule_reader: { directly_related_user_types: [] },
          appointment_schedule_writer: { directly_related_user_types: [] },
          prescriptions_reader: { directly_related_user_types: [] },
          prescriptions_writer: { directly_related_user_types: [] },
          lab_results_reader: { directly_related_user_types: [] },
          lab_results_writer: { directly_related_user_types: [] },
        },
      },
    },
    {
      type: 'specialization',
      relations: { member: { this: {} } },
      metadata: { relations: { member: { directly_related_user_types: [{ type: 'user' }] } } },
    },
    {
      type: 'patient',
      relations: {
        clinic: { this: {} },
        owner: { this: {} },
        can_read_records: {
          union: {
            child: [
              { computedUserset: { relation: 'owner' } },
              {
                tupleToUserset: {
                  computedUserset: { relation: 'patient_records_reader' },
                  tupleset: { relation: 'clinic' },
                },
              },
            ],
          },
        },
        can_write_records: {
          tupleToUserset: {
            computedUserset: { relation: 'patient_records_writer' },
            tupleset: { relation: 'clinic' },
          },
        },
        can_read_appointments: {
          union: {
            child: [
              { computedUserset: { relation: 'owner' } },
              {
                tupleToUserset: {
                  computedUserset: { relation: 'appointment_schedule_reader' },
                  tupleset: { relation: 'clinic' },
                },
              },
            ],
          },
        },
        can_write_appointments: {
          tupleToUserset: {
            computedUserset: { relation: 'appointment_schedule_writer' },
            tupleset: { relation: 'clinic' },
          },
        },
        can_read_prescriptions: {
          union: {
            child: [
              { computedUserset: { relation: 'owner' } },
              {
                tupleToUserset: {
                  computedUserset: { relation: 'prescriptions_reader' },
                  tupleset: { relation: 'clinic' },
                },
              },
            ],
          },
        },
        can_write_prescriptions: {
          tupleToUserset: {
            computedUserset: { relation: 'prescriptions_writer' },
            tupleset: { relation: 'clinic' },
          },
        },
        can_read_lab_results: {
          union: {
            child: [
              { computedUserset: { relation: 'owner' } },
              {
                tupleToUserset: {
                  computedUserset: { relation: 'lab_results_reader' },
                  tupleset: { relation: 'clinic' },
                },
              },
            ],
          },
        },
        can_write_lab_results: {
          tupleToUserset: {
            computedUserset: { relation: 'lab_results_writer' },
            tupleset: { relation: 'clinic' },
          },
        },
        assigned_clinician: { this: {} },
        appointment_clinician: { this: {} },
        emergency_access: { this: {} },
        clinic_doctor: {
          tupleToUserset: { computedUserset: { relation: 'doctor' }, tupleset: { relation: 'clinic' } },
        },
        care_team: {
          intersection: {
            child: [
              {
                union: {
                  child: [
                    { computedUserset: { relation: 'assigned_clinician' } },
                    { computedUserset: { relation: 'appointment_clinician' } },
                  ],
                },
              },
              { computedUserset: { relation: 'clinic_doctor' } },
            ],
          },
        },
        assigned_doctor: {
          intersection: {
            child: [
              { computedUserset: { relation: 'assigned_clinician' } },
              { computedUserset: { relation: 'clinic_doctor' } },
            ],
          },
        },
        emergency_doctor: {
          intersection: {
            child: [
              { computedUserset: { relation: 'emergency_access' } },
              { computedUserset: { relation: 'clinic_doctor' } },
            ],
          },
        },
        can_read_sensitive_records: {
          union: {
            child: [
              { computedUserset: { relation: 'owner' } },
              { computedUserset: { relation: 'care_team' } },
              { computedUserset: { relation: 'emergency_doctor' } },
            ],
          },
        },
        can_read_restricted_records: {
          union: {
            child: [
              { computedUserset: { relation: 'owner' } },
              { computedUserset: { relation: 'assigned_doctor' } },
              { computedUserset: { relation: 'emergency_doctor' } },
            ],
          },
        },
      },
      metadata: {
        relations: {
          clinic: { directly_related_user_types: [{ type: 'clinic' }] },
          owner: { directly_related_user_types: [{ type: 'user' }] },
          can_read_records: { directly_related_user_types: [] },
          can_write_records: { directly_related_user_types: [] },
          can_read_appointments: { directly_related_user_types: [] },
          can_write_appointments: { directly_related_user_types: [] },
          can_read_prescriptions: { directly_related_user_types: [] },
          can_write_prescriptions: { directly_related_user_types: [] },
          can_read_lab_results: { directly_related_user_types: [] },
          can_write_lab_results: { directly_related_user_types: [] },
          assigned_clinician: { directly_related_user_types: [{ type: 'user' }] },
          appointment_clinician: { directly_related_user_types: [{ type: 'user' }] },
          emergency_access: { directly_related_user_types: [{ type: 'user' }] },
          clinic_doctor: { directly_related_user_types: [] },
          care_team: { directly_related_user_types: [] },
          assigned_doctor: { directly_related_user_types: [] },
          emergency_doctor: { directly_related_user_types: [] },
          can_read_sensitive_records: { directly_related_user_types: [] },
          can_read_restricted_records: { directly_related_user_types: [] },
        },
      },
    },
    {
      type: 'document',
      relations: {
        clinic: { this: {} },
        access_level: { this: {} },
        listed_specialization: { this: {} },
        lists_no_specialization: { this: {} },
        specialization_cleared: {
          union: {
            child: [
              { computedUserset: { relation: 'lists_no_specialization' } },
              { computedUserset: { relation: 'listed_specialization' } },
              {
                tupleToUserset: {
                  computedUserset: { relation: 'needs_no_specialization' },
                  tupleset: { relation: 'clinic' },
                },
              },
            ],
          },
        },
        not_high_sensitivity: { this: {} },
        sensitivity_cleared: {
          union: {
            child: [
              { computedUserset: { relation: 'not_high_sensitivity' } },
              {
                tupleToUserset: {
                  computedUserset: { relation: 'high_sensitivity_reader' },
                  tupleset: { relation: 'clinic' },
                },
              },
            ],
          },
        },
        bound_patient: { this: {} },
        not_patient_bound: { this: {} },
        patient_binding_cleared: {
          union: {
            child: [
              { computedUserset: { relation: 'not_patient_bound' } },
              {
                tupleToUserset: {
                  computedUserset: { relation: 'can_read_records' },
                  tupleset: { relation: 'bound_patient' },
                },
              },
            ],
          },
        },
        notes_prescribing_authority: { this: {} },
        can_view: {
          intersection: {
            child: [
              { computedUserset: { relation: 'access_level' } },
              { computedUserset: { relation: 'specialization_cleared' } },
              { computedUserset: { relation: 'sensitivity_cleared' } },
              { computedUserset: { relation: 'patient_binding_cleared' } },
            ],
          },
        },
      },
      metadata: {
        relations: {
          clinic: { directly_related_user_types: [{ type: 'clinic' }] },
          access_level: {
            directly_related_user_types: [
              { type: 'clinic', relation: 'patient' },
              { type: 'clinic', relation: 'doctor' },
              { type: 'clinic', relation: 'nurse' },
              { type: 'clinic', relation: 'pharmacist' },
              { type: 'clinic', relation: 'dietitian' },
              { type: 'clinic', relation: 'lab_tech' },
              { type: 'clinic', relation: 'admin' },
            ],
          },
          listed_specialization: {
            directly_related_user_types: [{ type: 'specialization', relation: 'member' }],
          },
          lists_no_specialization: { directly_related_user_types: [{ type: 'user', wildcard: {} }] },
          specialization_cleared: { directly_related_user_types: [] },
          not_high_sensitivity: { directly_related_user_types: [{ type: 'user', wildcard: {} }] },
          sensitivity_cleared: { directly_related_user_types: [] },
          bound_patient: { directly_related_user_types: [{ type: 'patient' }] },
          not_patient_bound: { directly_related_user_types: [{ type: 'user', wildcard: {} }] },
          patient_binding_cleared: { directly_related_user_types: [] },
          notes_prescribing_authority: { directly_related_user_types: [{ type: 'user', wildcard: {} }] },
          can_view: { directly_related_user_types: [] },
        },
      },
    },
    {
      type: 'record',
      relations: {
        patient: { this: {} },
        author: { this: {} },
        level_normal: { this: {} },
        level_sensitive: { this: {} },
        level_restricted: { this: {} },
        doctor_author: {
          intersection: {
            child: [
              { computedUserset: { relation: 'author' } },
              {
                tupleToUserset: {
                  computedUserset: { relation: 'clinic_doctor' },
                  tupleset: { relation: 'patient' },
                },
              },
            ],
          },
        },
        normal_reader: {
          intersection: {
            child: [
              { computedUserset: { relation: 'level_normal' } },
              {
                tupleToUserset: {
                  computedUserset: { relation: 'can_read_records' },
                  tupleset: { relation: 'patient' },
                },
              },
            ],
          },
        },
        sensitive_reader: {
          intersection: {
            child: [
              { computedUserset: { relation: 'level_sensitive' } },
              {
                union: {
                  child: [
                    { computedUserset: { relation: 'doctor_author' } },
                    {
                      tupleToUserset: {
                        computedUserset: { relation: 'can_read_sensitive_records' },
                        tupleset: { relation: 'patient' },
                      },
                    },
                  ],
                },
              },
            ],
          },
        },
        restricted_reader: {
          intersection: {
            child: [
              { computedUserset: { relation: 'level_restricted' } },
              {
                union: {
                  child: [
                    { computedUserset: { relation: 'doctor_author' } },
                    {
                      tupleToUserset: {
                        computedUserset: { relation: 'can_read_restricted_records' },
                        tupleset: { relation: 'patient' },
                      },
                    },
                  ],
                },
              },
            ],
          },
        },
        can_read: {
          union: {
            child: [
              { computedUserset: { relation: 'normal_reader' } },
              { computedUserset: { relation: 'sensitive_reader' } },
              { computedUserset: { relation: 'restricted_reader' } },
            ],
          },
        },
      },
      metadata: {
        relations: {
          patient: { directly_related_user_types: [{ type: 'patient' }] },
          author: { directly_related_user_types: [{ type: 'user' }] },
          level_normal: { directly_related_user_types: [{ type: 'user', wildcard: {} }] },
          level_sensitive: { directly_related_user_types: [{ type: 'user', wildcard: {} }] },
          level_restricted: { directly_related_user_types: [{ type: 'user', wildcard: {} }] },
          doctor_author: { directly_related_user_types: [] },
          normal_reader: { directly_related_user_types: [] },
          sensitive_reader: { directly_related_user_types: [] },
          restricted_reader: { directly_related_user_types: [] },
          can_read: { directly_related_user_types: [] },
        },
      },
    },
  ],
} as const satisfies FgaModel;
