CREATE TABLE "terms_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"version" integer NOT NULL,
	"site_request_id" integer,
	"email" varchar(200) NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_site_request_id_site_requests_id_fk" FOREIGN KEY ("site_request_id") REFERENCES "public"."site_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terms_acceptances_kind_idx" ON "terms_acceptances" USING btree ("kind","accepted_at");--> statement-breakpoint
CREATE INDEX "terms_acceptances_request_idx" ON "terms_acceptances" USING btree ("site_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_requests_one_pending" ON "site_requests" USING btree ("site_id") WHERE "site_requests"."status" = 'PendingApproval';--> statement-breakpoint
-- Data only: the texts of the public request wizard (GET /newsite/terms/) and their versions; the settings editors
-- (spec 03 'Site-request terms and data-treatment terms', max 600 characters each) change them and raise the version.
INSERT INTO "settings" ("key_word", "value", "label") VALUES
('SiteRequest.Terms', 'Al solicitar el portal, la entidad se compromete a publicar y mantener actualizada su información conforme a la Ley 1712 de 2014 de transparencia y acceso a la información pública, y a usar la plataforma solo para fines institucionales. El portal de una entidad sin actividad durante más de 3 meses podrá ser cancelado previo aviso. La plataforma responderá las solicitudes y reportes de la entidad en un plazo máximo de 1 mes. Las copias de respaldo del correo se conservan durante 90 días. El representante legal responde por la veracidad de los datos y documentos entregados.', 'Términos de la solicitud de portal'),
('SiteRequest.TermsVersion', '1', 'Versión de los términos de la solicitud de portal'),
('SiteRequest.DataTreatment', 'Los datos personales del representante legal y del administrador web se tratarán conforme a la Ley 1581 de 2012 y al Decreto 1377 de 2013, únicamente para estudiar la solicitud, crear y administrar las cuentas del portal y comunicarnos con la entidad. Los titulares pueden conocer, actualizar, rectificar y suprimir sus datos, y revocar la autorización, escribiendo al correo de soporte de la plataforma.', 'Política de tratamiento de datos de la solicitud de portal'),
('SiteRequest.DataTreatmentVersion', '1', 'Versión de la política de tratamiento de datos de la solicitud de portal')
ON CONFLICT ("key_word") DO NOTHING;
