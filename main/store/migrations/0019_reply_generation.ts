/**
 * The reply cache's generation (docs/architecture.md, "The reply cache"): one row, moved by every
 * row written to a table that a remembered reply reads (documents/get and versions/getPage for the
 * application: documents, versions, containers, content types, users' and clients' names), in the
 * writer's own transaction, whichever process writes. Writes to other tables (the rate limit's
 * counts, jobs, renditions) leave it, and the remembered replies, alone.
 */
export const up = `
CREATE TABLE reply_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n INTEGER NOT NULL
);
INSERT INTO reply_generation (id, n) VALUES (1, 0);
CREATE TRIGGER documents_insert_moves_replies AFTER INSERT ON documents BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER documents_update_moves_replies AFTER UPDATE ON documents BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER documents_delete_moves_replies AFTER DELETE ON documents BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER versions_insert_moves_replies AFTER INSERT ON versions BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER versions_update_moves_replies AFTER UPDATE ON versions BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER versions_delete_moves_replies AFTER DELETE ON versions BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER containers_insert_moves_replies AFTER INSERT ON containers BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER containers_update_moves_replies AFTER UPDATE ON containers BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER containers_delete_moves_replies AFTER DELETE ON containers BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER content_types_insert_moves_replies AFTER INSERT ON content_types BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER content_types_update_moves_replies AFTER UPDATE ON content_types BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER content_types_delete_moves_replies AFTER DELETE ON content_types BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER users_insert_moves_replies AFTER INSERT ON users BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER users_update_moves_replies AFTER UPDATE ON users BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER users_delete_moves_replies AFTER DELETE ON users BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER api_clients_insert_moves_replies AFTER INSERT ON api_clients BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER api_clients_update_moves_replies AFTER UPDATE ON api_clients BEGIN UPDATE reply_generation SET n = n + 1; END;
CREATE TRIGGER api_clients_delete_moves_replies AFTER DELETE ON api_clients BEGIN UPDATE reply_generation SET n = n + 1; END;
`;
