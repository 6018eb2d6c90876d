-- schema 3
BEGIN TRANSACTION;
CREATE TABLE "actions" (
   "game_id" TEXT REFERENCES "games"("id"),
   "seq" INTEGER,
   "seat" INTEGER,
   "action" TEXT,
   "at" TEXT,
   PRIMARY KEY ("game_id", "seq")
);
INSERT INTO "actions" VALUES('8043b868a077484ca94c4bd77e753c31',1,0,'{"type":"roll","by":0,"white1":3,"white2":4,"red":1,"yellow":1,"green":1,"blue":1}','2026-11-30T10:33:05.840+00:00');
INSERT INTO "actions" VALUES('8043b868a077484ca94c4bd77e753c31',2,0,'{"type":"white","by":0,"row":"red"}','2026-11-30T10:33:05.841+00:00');
INSERT INTO "actions" VALUES('8043b868a077484ca94c4bd77e753c31',3,1,'{"type":"white","by":1,"row":"blue"}','2026-11-30T10:33:05.843+00:00');
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',1,0,'{"type":"roll","by":0,"white1":6,"white2":3,"red":7,"yellow":1,"green":2,"blue":2}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',2,0,'{"type":"lucky","by":0,"row":"yellow"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',3,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',4,0,'{"type":"color","by":0,"row":"red","white":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',5,1,'{"type":"roll","by":1,"white1":4,"white2":1,"red":2,"yellow":7,"green":7,"blue":2}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',6,0,'{"type":"lucky","by":0,"row":"green"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',7,1,'{"type":"white","by":1,"row":"red"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',8,1,'{"type":"color","by":1,"row":"green","white":2}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',9,0,'{"type":"roll","by":0,"white1":7,"white2":1,"red":2,"yellow":4,"green":1,"blue":7}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',10,0,'{"type":"white","by":0,"row":"yellow"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',11,1,'{"type":"white","by":1,"row":"yellow"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',12,0,'{"type":"color","by":0,"row":"yellow","white":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',13,1,'{"type":"roll","by":1,"white1":3,"white2":5,"red":7,"yellow":3,"green":2,"blue":5}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',14,1,'{"type":"white","by":1,"row":"blue"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',15,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',16,1,'{"type":"color","by":1,"row":"red","white":2}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',17,0,'{"type":"roll","by":0,"white1":2,"white2":4,"red":6,"yellow":2,"green":2,"blue":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',18,1,'{"type":"white","by":1,"row":"green"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',19,0,'{"type":"white","by":0,"row":"blue"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',20,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',21,1,'{"type":"roll","by":1,"white1":6,"white2":8,"red":8,"yellow":6,"green":5,"blue":4}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',22,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',23,0,'{"type":"white","by":0,"row":"yellow"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',24,1,'{"type":"color","by":1,"row":"yellow","white":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',25,0,'{"type":"roll","by":0,"white1":2,"white2":5,"red":8,"yellow":6,"green":8,"blue":5}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',26,0,'{"type":"white","by":0,"row":"green"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',27,1,'{"type":"white","by":1,"row":"blue"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',28,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',29,1,'{"type":"roll","by":1,"white1":3,"white2":6,"red":3,"yellow":8,"green":7,"blue":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',30,0,'{"type":"lucky","by":0,"row":"red"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',31,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',32,1,'{"type":"color","by":1,"row":"blue","white":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',33,0,'{"type":"roll","by":0,"white1":6,"white2":8,"red":8,"yellow":2,"green":2,"blue":5}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',34,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',35,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',36,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',37,1,'{"type":"roll","by":1,"white1":5,"white2":8,"red":5,"yellow":7,"green":6,"blue":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',38,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',39,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',40,1,'{"type":"color","by":1,"row":"red","white":2}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',41,0,'{"type":"roll","by":0,"white1":2,"white2":8,"red":1,"yellow":4,"green":5,"blue":3}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',42,1,'{"type":"lucky","by":1,"row":"yellow"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',43,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',44,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',45,1,'{"type":"roll","by":1,"white1":8,"white2":2,"red":3,"yellow":8,"green":7,"blue":5}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',46,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',47,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',48,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',49,0,'{"type":"roll","by":0,"white1":7,"white2":6,"red":7,"yellow":4,"green":3,"blue":2}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',50,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',51,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',52,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',53,1,'{"type":"roll","by":1,"white1":4,"white2":1,"red":8,"yellow":3,"green":5,"blue":5}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',54,0,'{"type":"white","by":0,"row":"green"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',55,1,'{"type":"white","by":1,"row":"green"}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',56,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',57,0,'{"type":"roll","by":0,"white1":6,"white2":6,"red":3,"yellow":1,"green":8,"blue":7}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',58,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',59,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('af77fca978c446a2a08911a1bcb9769a',60,0,'{"type":"pass","by":0}',NULL);
CREATE TABLE "games" (
   "id" TEXT PRIMARY KEY,
   "game" TEXT,
   "format_version" INTEGER,
   "options" TEXT,
   "players" TEXT,
   "created" TEXT,
   "updated" TEXT,
   "cursor" INTEGER,
   "finished" INTEGER,
   "result" TEXT
, "table_token" TEXT, "rev" INTEGER NOT NULL DEFAULT 0);
INSERT INTO "games" VALUES('8043b868a077484ca94c4bd77e753c31','qwixx-longo',1,'{"lucky_numbers": [[5, 9], [4, 12]], "lock_min_crosses": 6, "lucky_replaces": "white", "misthrow_penalty": 5, "end_locked_rows": 2, "end_misthrows": 4}','[{"name": "Ana", "color": null, "profile_id": "5ffa1867200045338987c3bf76749a48"}, {"name": "Cem", "color": null, "profile_id": null}]','2026-11-30T10:33:05.830+00:00','2026-11-30T10:33:05',2,0,NULL,'XcGaAfWaUc3z9lNj',4);
INSERT INTO "games" VALUES('af77fca978c446a2a08911a1bcb9769a','qwixx-longo',1,'{"lucky_numbers": [[5, 9], [6, 10]], "lock_min_crosses": 6, "lucky_replaces": "white", "misthrow_penalty": 5, "end_locked_rows": 2, "end_misthrows": 4}','[{"name": "Ana", "color": null, "profile_id": "5ffa1867200045338987c3bf76749a48"}, {"name": "Dora", "color": null, "profile_id": null}]','2026-11-30T10:33:05.851+00:00','2026-11-30T10:33:05.851+00:00',60,1,'{"game": "qwixx-longo", "players": [{"seat": 0, "name": "Ana", "total": 0, "place": 2, "lost": false, "breakdown": {"rows": {"red": {"crosses": [13, 14], "bonus": false, "count": 2, "points": 3}, "yellow": {"crosses": [2, 8, 11, 14], "bonus": false, "count": 4, "points": 10}, "green": {"crosses": [16, 7, 5], "bonus": false, "count": 3, "points": 6}, "blue": {"crosses": [6], "bonus": false, "count": 1, "points": 1}}, "misthrows": 4, "penalty": 20}}, {"seat": 1, "name": "Dora", "total": 19, "place": 1, "lost": false, "breakdown": {"rows": {"red": {"crosses": [5, 12, 13], "bonus": false, "count": 3, "points": 6}, "yellow": {"crosses": [8, 12, 13], "bonus": false, "count": 3, "points": 6}, "green": {"crosses": [8, 6, 5], "bonus": false, "count": 3, "points": 6}, "blue": {"crosses": [8, 7, 4], "bonus": false, "count": 3, "points": 6}}, "misthrows": 1, "penalty": 5}}]}','SFwQAgNlJ94CnlJ7',0);
CREATE TABLE "hist_lines" (
   "game_id" TEXT PRIMARY KEY,
   "cursor" INTEGER,
   "updated" TEXT,
   "version" INTEGER,
   "data" TEXT
);
INSERT INTO "hist_lines" VALUES('af77fca978c446a2a08911a1bcb9769a',60,'2026-11-30T10:33:05.851+00:00',1,'[["p:5ffa1867200045338987c3bf76749a48","Ana",0,0,[3,10,6,1,4,0]],["n:dora","Dora",19,1,[6,6,6,6,1,0]]]');
CREATE TABLE "meta" (
   "key" TEXT PRIMARY KEY,
   "value" TEXT
);
INSERT INTO "meta" VALUES('app','tischrichter');
INSERT INTO "meta" VALUES('schema_version','3');
CREATE TABLE "profiles" (
   "id" TEXT PRIMARY KEY,
   "name" TEXT,
   "color" TEXT,
   "lucky" TEXT,
   "character" TEXT,
   "created" TEXT,
   "updated" TEXT
);
INSERT INTO "profiles" VALUES('5ffa1867200045338987c3bf76749a48','Ana','red','[5, 9]',NULL,'2026-11-30T10:33:05','2026-11-30T10:33:05');
INSERT INTO "profiles" VALUES('99db900dd5c24f26bd1f4cca038569ba','Ben',NULL,NULL,NULL,'2026-11-30T10:33:05','2026-11-30T10:33:05');
CREATE INDEX "idx_games_finished_updated"
    ON "games" ("finished", "updated");
COMMIT;
