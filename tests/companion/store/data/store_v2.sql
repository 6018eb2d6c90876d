-- schema 2
BEGIN TRANSACTION;
CREATE TABLE "actions" (
   "game_id" TEXT REFERENCES "games"("id"),
   "seq" INTEGER,
   "seat" INTEGER,
   "action" TEXT,
   "at" TEXT,
   PRIMARY KEY ("game_id", "seq")
);
INSERT INTO "actions" VALUES('bd073068af1f4293ae48922e34c5879c',1,0,'{"type":"roll","by":0,"white1":3,"white2":4,"red":1,"yellow":1,"green":1,"blue":1}','2026-11-30T10:33:06.554+00:00');
INSERT INTO "actions" VALUES('bd073068af1f4293ae48922e34c5879c',2,0,'{"type":"white","by":0,"row":"red"}','2026-11-30T10:33:06.580+00:00');
INSERT INTO "actions" VALUES('bd073068af1f4293ae48922e34c5879c',3,1,'{"type":"white","by":1,"row":"blue"}','2026-11-30T10:33:06.583+00:00');
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',1,0,'{"type":"roll","by":0,"white1":6,"white2":3,"red":7,"yellow":1,"green":2,"blue":2}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',2,0,'{"type":"lucky","by":0,"row":"yellow"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',3,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',4,0,'{"type":"color","by":0,"row":"red","white":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',5,1,'{"type":"roll","by":1,"white1":4,"white2":1,"red":2,"yellow":7,"green":7,"blue":2}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',6,0,'{"type":"lucky","by":0,"row":"green"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',7,1,'{"type":"white","by":1,"row":"red"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',8,1,'{"type":"color","by":1,"row":"green","white":2}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',9,0,'{"type":"roll","by":0,"white1":7,"white2":1,"red":2,"yellow":4,"green":1,"blue":7}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',10,0,'{"type":"white","by":0,"row":"yellow"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',11,1,'{"type":"white","by":1,"row":"yellow"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',12,0,'{"type":"color","by":0,"row":"yellow","white":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',13,1,'{"type":"roll","by":1,"white1":3,"white2":5,"red":7,"yellow":3,"green":2,"blue":5}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',14,1,'{"type":"white","by":1,"row":"blue"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',15,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',16,1,'{"type":"color","by":1,"row":"red","white":2}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',17,0,'{"type":"roll","by":0,"white1":2,"white2":4,"red":6,"yellow":2,"green":2,"blue":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',18,1,'{"type":"white","by":1,"row":"green"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',19,0,'{"type":"white","by":0,"row":"blue"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',20,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',21,1,'{"type":"roll","by":1,"white1":6,"white2":8,"red":8,"yellow":6,"green":5,"blue":4}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',22,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',23,0,'{"type":"white","by":0,"row":"yellow"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',24,1,'{"type":"color","by":1,"row":"yellow","white":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',25,0,'{"type":"roll","by":0,"white1":2,"white2":5,"red":8,"yellow":6,"green":8,"blue":5}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',26,0,'{"type":"white","by":0,"row":"green"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',27,1,'{"type":"white","by":1,"row":"blue"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',28,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',29,1,'{"type":"roll","by":1,"white1":3,"white2":6,"red":3,"yellow":8,"green":7,"blue":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',30,0,'{"type":"lucky","by":0,"row":"red"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',31,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',32,1,'{"type":"color","by":1,"row":"blue","white":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',33,0,'{"type":"roll","by":0,"white1":6,"white2":8,"red":8,"yellow":2,"green":2,"blue":5}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',34,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',35,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',36,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',37,1,'{"type":"roll","by":1,"white1":5,"white2":8,"red":5,"yellow":7,"green":6,"blue":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',38,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',39,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',40,1,'{"type":"color","by":1,"row":"red","white":2}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',41,0,'{"type":"roll","by":0,"white1":2,"white2":8,"red":1,"yellow":4,"green":5,"blue":3}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',42,1,'{"type":"lucky","by":1,"row":"yellow"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',43,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',44,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',45,1,'{"type":"roll","by":1,"white1":8,"white2":2,"red":3,"yellow":8,"green":7,"blue":5}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',46,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',47,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',48,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',49,0,'{"type":"roll","by":0,"white1":7,"white2":6,"red":7,"yellow":4,"green":3,"blue":2}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',50,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',51,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',52,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',53,1,'{"type":"roll","by":1,"white1":4,"white2":1,"red":8,"yellow":3,"green":5,"blue":5}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',54,0,'{"type":"white","by":0,"row":"green"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',55,1,'{"type":"white","by":1,"row":"green"}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',56,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',57,0,'{"type":"roll","by":0,"white1":6,"white2":6,"red":3,"yellow":1,"green":8,"blue":7}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',58,1,'{"type":"pass","by":1}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',59,0,'{"type":"pass","by":0}',NULL);
INSERT INTO "actions" VALUES('6f1485fb628f4f3283cba1e32293465b',60,0,'{"type":"pass","by":0}',NULL);
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
, "table_token" TEXT);
INSERT INTO "games" VALUES('bd073068af1f4293ae48922e34c5879c','qwixx-longo',1,'{"lucky_numbers": [[5, 9], [4, 12]], "lock_min_crosses": 6, "lucky_replaces": "white", "misthrow_penalty": 5, "end_locked_rows": 2, "end_misthrows": 4}','[{"name": "Ana", "color": null, "profile_id": "59809b1280f04e9480dc976b219a3007"}, {"name": "Cem", "color": null, "profile_id": null}]','2026-11-30T10:33:06.541+00:00','2026-11-30T10:33:06',2,0,NULL,'2YDuD5hIUpfDI6l3');
INSERT INTO "games" VALUES('6f1485fb628f4f3283cba1e32293465b','qwixx-longo',1,'{"lucky_numbers": [[5, 9], [6, 10]], "lock_min_crosses": 6, "lucky_replaces": "white", "misthrow_penalty": 5, "end_locked_rows": 2, "end_misthrows": 4}','[{"name": "Ana", "color": null, "profile_id": "59809b1280f04e9480dc976b219a3007"}, {"name": "Dora", "color": null, "profile_id": null}]','2026-11-30T10:33:06.588+00:00','2026-11-30T10:33:06.588+00:00',60,1,'{"game": "qwixx-longo", "players": [{"seat": 0, "name": "Ana", "total": 0, "place": 2, "lost": false, "breakdown": {"rows": {"red": {"crosses": [13, 14], "bonus": false, "count": 2, "points": 3}, "yellow": {"crosses": [2, 8, 11, 14], "bonus": false, "count": 4, "points": 10}, "green": {"crosses": [16, 7, 5], "bonus": false, "count": 3, "points": 6}, "blue": {"crosses": [6], "bonus": false, "count": 1, "points": 1}}, "misthrows": 4, "penalty": 20}}, {"seat": 1, "name": "Dora", "total": 19, "place": 1, "lost": false, "breakdown": {"rows": {"red": {"crosses": [5, 12, 13], "bonus": false, "count": 3, "points": 6}, "yellow": {"crosses": [8, 12, 13], "bonus": false, "count": 3, "points": 6}, "green": {"crosses": [8, 6, 5], "bonus": false, "count": 3, "points": 6}, "blue": {"crosses": [8, 7, 4], "bonus": false, "count": 3, "points": 6}}, "misthrows": 1, "penalty": 5}}]}','yAQFjVYtSn3QZH6_');
CREATE TABLE "hist_lines" (
   "game_id" TEXT PRIMARY KEY,
   "cursor" INTEGER,
   "updated" TEXT,
   "version" INTEGER,
   "data" TEXT
);
INSERT INTO "hist_lines" VALUES('6f1485fb628f4f3283cba1e32293465b',60,'2026-11-30T10:33:06.588+00:00',1,'[["p:59809b1280f04e9480dc976b219a3007","Ana",0,0,[3,10,6,1,4,0]],["n:dora","Dora",19,1,[6,6,6,6,1,0]]]');
CREATE TABLE "meta" (
   "key" TEXT PRIMARY KEY,
   "value" TEXT
);
INSERT INTO "meta" VALUES('app','tischrichter');
INSERT INTO "meta" VALUES('schema_version','2');
CREATE TABLE "profiles" (
   "id" TEXT PRIMARY KEY,
   "name" TEXT,
   "color" TEXT,
   "lucky" TEXT,
   "character" TEXT,
   "created" TEXT,
   "updated" TEXT
);
INSERT INTO "profiles" VALUES('59809b1280f04e9480dc976b219a3007','Ana','red','[5, 9]',NULL,'2026-11-30T10:33:06','2026-11-30T10:33:06');
INSERT INTO "profiles" VALUES('57737f0f538741b8982f9a450ca3b824','Ben',NULL,NULL,NULL,'2026-11-30T10:33:06','2026-11-30T10:33:06');
CREATE INDEX "idx_games_finished_updated"
    ON "games" ("finished", "updated");
COMMIT;
