/**
 * The content model: field definitions, term sets, templates (ordered groups of fields) and the
 * templates attached to content types; plus the indexes the purge job scans.
 */
export const up = `
CREATE TABLE field_definitions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  field_id TEXT NOT NULL UNIQUE,
  tenant_id TEXT NOT NULL,
  attribute_key TEXT NOT NULL,
  display_name TEXT NOT NULL,
  value_type TEXT NOT NULL,
  cardinality TEXT NOT NULL,
  option_source_type TEXT NOT NULL,
  option_source_id TEXT NOT NULL DEFAULT '',
  options_list TEXT NOT NULL DEFAULT '[]',
  applicable_targets TEXT NOT NULL DEFAULT '[]',
  required INTEGER NOT NULL DEFAULT 0,
  default_value TEXT NOT NULL DEFAULT '',
  validation_rule TEXT NOT NULL DEFAULT '',
  list_visible INTEGER NOT NULL DEFAULT 1,
  system INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL DEFAULT 0,
  description TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'ENABLED',
  capabilities TEXT NOT NULL DEFAULT '{}',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  UNIQUE (tenant_id, attribute_key)
);

CREATE TABLE term_sets (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  term_set_id TEXT NOT NULL UNIQUE,
  tenant_id TEXT NOT NULL,
  code TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  hierarchical INTEGER NOT NULL DEFAULT 0,
  terms TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'ENABLED',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  UNIQUE (tenant_id, code)
);

CREATE TABLE templates (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  template_id TEXT NOT NULL UNIQUE,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'ENABLED',
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  UNIQUE (tenant_id, name)
);

CREATE TABLE template_fields (
  template_id TEXT NOT NULL REFERENCES templates(template_id) ON DELETE CASCADE,
  field_id TEXT NOT NULL REFERENCES field_definitions(field_id),
  position INTEGER NOT NULL,
  PRIMARY KEY (template_id, field_id)
);

CREATE TABLE content_type_templates (
  type_id TEXT NOT NULL REFERENCES content_types(type_id) ON DELETE CASCADE,
  template_id TEXT NOT NULL REFERENCES templates(template_id),
  position INTEGER NOT NULL,
  PRIMARY KEY (type_id, template_id)
);

CREATE INDEX containers_purge ON containers (status, purge_at);
CREATE INDEX documents_purge ON documents (state, purge_at);
`;
