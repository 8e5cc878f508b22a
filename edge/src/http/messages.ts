import { SCRIPT_MESSAGES } from '../domain/script/script-messages';

/**
 * Every message the server sends to a user, in Spanish (the default, SPEC.md's exact texts) and English.
 * Zod schemas and AppErrors carry a key of this catalogue; the error middleware translates it with the
 * request's language. Placeholders are {name}; a parameter may itself be a message (`{ key, params }`), translated in
 * the same language (a refused script's problem inside 'resource.script').
 */
const catalogue = {
  // The line-script checker's messages (domain/script/script-messages.ts: key, parameters, ES and EN texts).
  ...SCRIPT_MESSAGES,
  // Generic validation (fields without a message of their own in SPEC.md).
  'validation.required': { es: 'El campo {field} es obligatorio.', en: 'The {field} field is required.' },
  'validation.maxLength': {
    es: 'El campo {field} admite como máximo {max} caracteres.',
    en: 'The {field} field accepts at most {max} characters.',
  },
  'validation.range': { es: 'El campo {field} debe estar entre {min} y {max}.', en: 'The {field} field must be between {min} and {max}.' },
  'validation.min': { es: 'El campo {field} debe ser como mínimo {min}.', en: 'The {field} field must be at least {min}.' },
  'validation.max': { es: 'El campo {field} debe ser como máximo {max}.', en: 'The {field} field must be at most {max}.' },
  'validation.sortTooLarge': {
    es: 'El orden tiene demasiadas columnas (máximo {max}).',
    en: 'The sort has too many columns (at most {max}).',
  },
  'validation.tooMany': {
    es: 'El campo {field} admite como máximo {max} elementos.',
    en: 'The {field} field accepts at most {max} items.',
  },
  'validation.repeated': { es: 'El campo {field} repite elementos.', en: 'The {field} field repeats items.' },
  'validation.invalid': { es: 'El campo {field} no es válido.', en: 'The {field} field is not valid.' },
  'validation.unknownField': { es: 'El campo {field} no existe.', en: 'The {field} field does not exist.' },
  'validation.keyNotEditable': { es: 'El campo {field} no se puede modificar.', en: 'The {field} field cannot be changed.' },
  'validation.notEditable': {
    es: 'El campo {field} no se puede modificar en este registro.',
    en: 'The {field} field cannot be changed on this record.',
  },
  'validation.time': { es: 'El campo {field} debe tener el formato HH:mm.', en: 'The {field} field must be in HH:mm format.' },
  'validation.badJson': { es: 'El parámetro {field} no es un JSON válido.', en: 'The {field} parameter is not valid JSON.' },
  'validation.filter': { es: 'El filtro no es válido: {detail}', en: 'The filter is not valid: {detail}' },
  'validation.sort': { es: 'El orden no es válido: {detail}', en: 'The sort is not valid: {detail}' },
  'request.headersTooLarge': {
    es: 'La dirección o los encabezados de la solicitud son demasiado largos.',
    en: 'The request address or headers are too long.',
  },
  'request.malformed': { es: 'La solicitud no es una solicitud HTTP válida.', en: 'The request is not a valid HTTP request.' },
  'request.tooLarge': { es: 'La solicitud es demasiado grande (máximo {max}).', en: 'The request is too large (at most {max}).' },
  'validation.filterTooLarge': {
    es: 'El filtro tiene demasiadas condiciones (máximo {max}).',
    en: 'The filter has too many conditions (at most {max}).',
  },
  'validation.dateRange': {
    es: 'La fecha {value} está fuera del rango admitido ({first} a {last}).',
    en: 'The date {value} is outside the supported range ({first} to {last}).',
  },
  'validation.nulCharacter': {
    es: 'El campo {field} contiene un carácter nulo (NUL), que no se admite.',
    en: 'The {field} field contains a null character (NUL), which is not accepted.',
  },
  'validation.textOperator': {
    es: 'El filtro no es válido: {operator} solo se aplica a columnas de texto, y {column} no lo es.',
    en: 'The filter is not valid: {operator} applies only to text columns, and {column} is not one.',
  },
  'validation.email': { es: 'Debe ingresar un formato de email válido.', en: 'Enter a valid email format.' },

  // SPEC.md section 5.
  'health.acquisitionDown': {
    es: 'La planta no se está leyendo: la adquisición no pudo arrancar y se reintenta.',
    en: 'The plant is not being read: the acquisition could not start and is being retried.',
  },
  'health.linesNotRead': {
    es: 'No se están leyendo las líneas {lines}: alguna de sus señales no tiene un valor válido.',
    en: 'Lines {lines} are not being read: some of their signals have no good value.',
  },
  'health.jobFailing': {
    es: 'Falla un trabajo programado ({jobs}); se reintenta.',
    en: 'A scheduled job is failing ({jobs}); it is retried.',
  },
  'health.syncFailing': {
    es: 'La sincronización con la base central falla ({failures} intentos seguidos); se reintenta.',
    en: 'Sync with the central database is failing ({failures} attempts in a row); it is retried.',
  },
  'login.jsonOnly': { es: 'El inicio de sesión se envía como JSON.', en: 'A sign-in is sent as JSON.' },
  'login.usernameRequired': { es: 'El campo nombre de usuario es obligatorio.', en: 'The username field is required.' },
  'login.passwordRequired': { es: 'El campo contraseña es obligatorio.', en: 'The password field is required.' },
  'user.userIDRequired': { es: 'Debe definir un nombre de acceso para el usuario.', en: 'You must define a login name for the user.' },
  'resource.lineRange': { es: 'Defina una línea de 1 a 99.', en: 'Define a line from 1 to 99.' },
  'stopReason.parentRequired': { es: 'Debe seleccionar una categoría.', en: 'You must select a category.' },
  'preload.maxLength50': { es: 'Máximo 50 caracteres', en: 'Maximum 50 characters' },
  'preload.productRequired': { es: 'El campo producto es requerido', en: 'The product field is required' },
  'preload.productMax': { es: 'Máximo 18 caracteres', en: 'Maximum 18 characters' },
  'preload.harvest': { es: 'El campo cosecha debe ser de 4 digitos', en: 'The harvest field must have 4 digits' },
  'preload.quantityRequired': { es: 'El campo cantidad es requerido', en: 'The quantity field is required' },
  'preload.weightRequired': { es: 'El campo peso es requerido', en: 'The weight field is required' },
  'split.invalidStart': { es: 'Fecha de inicio no es válida', en: 'Start date is not valid' },
  'split.invalidEnd': { es: 'Fecha de fin no es válida', en: 'End date is not valid' },
  'summary.filterRequired': { es: 'Por favor complete los datos de filtro', en: 'Please complete the filter data' },

  // OEE engine: stops, orders, indexes.
  'split.nothingToSplit': {
    es: 'El corte debe dividir la parada: cambie el inicio o el fin.',
    en: 'The cut must divide the stop: change the start or the end.',
  },
  'stops.overlap': {
    es: 'La parada se superpone con la parada {stopID} ({start} a {end}) de la línea.',
    en: 'The stop overlaps stop {stopID} ({start} to {end}) of the line.',
  },
  'stops.inFuture': { es: 'La fecha no puede ser posterior a la hora actual.', en: 'The date cannot be later than the current time.' },
  'stops.endBeforeStart': {
    es: 'La fecha de fin debe ser posterior a la fecha de inicio.',
    en: 'The end date must be after the start date.',
  },
  'stops.manualDisabled': {
    es: 'La línea {lineID} no tiene habilitado el gestor de paradas manuales.',
    en: 'Line {lineID} does not have the manual stops manager enabled.',
  },
  'stops.openNotDeletable': { es: 'No se puede eliminar una parada en curso.', en: 'A stop in progress cannot be deleted.' },
  'stops.reasonIsCategory': { es: 'Debe seleccionar un motivo, no una categoría.', en: 'Select a reason, not a category.' },
  'stops.reasonNotFound': { es: 'El motivo de parada no existe.', en: 'The stop reason does not exist.' },
  'stops.reasonNotForLine': {
    es: 'El motivo no está habilitado para la línea {lineID}.',
    en: 'The reason is not enabled for line {lineID}.',
  },
  // Stops managers (feature modules): manual stops only where no beacon records them; acquired stops are history.
  'stops.manualOnBeaconLine': {
    es: 'La línea {lineID} registra sus paradas con la señal de baliza: las paradas manuales son solo para líneas sin baliza.',
    en: 'Line {lineID} records its stops from its beacon signal: manual stops are only for lines without a beacon.',
  },
  'stops.acquiredNotDeletable': {
    es: 'La parada {stopID} ({start} a {end}) fue registrada por la adquisición de la línea: solo se pueden eliminar paradas ingresadas a mano.',
    en: 'Stop {stopID} ({start} to {end}) was recorded by the line’s acquisition: only stops entered by hand can be deleted.',
  },
  'stops.acquiredNotMovable': {
    es: 'La parada {stopID} ({start} a {end}) fue registrada por la adquisición de la línea: solo se pueden cambiar los horarios de paradas ingresadas a mano.',
    en: 'Stop {stopID} ({start} to {end}) was recorded by the line’s acquisition: only stops entered by hand can have their times changed.',
  },
  'stops.alreadyRecognized': {
    es: 'La parada {stopID} ({start} a {end}) ya fue reconocida por {user}: no se reconoció ninguna parada.',
    en: 'Stop {stopID} ({start} to {end}) was already recognized by {user}: no stop was recognized.',
  },
  'line.notFound': { es: 'La línea {lineID} no existe.', en: 'Line {lineID} does not exist.' },
  'order.format': {
    es: 'La orden debe tener el formato número-RP (por ejemplo 4512-0).',
    en: 'The order must have the format number-RP (for example 4512-0).',
  },
  'order.notEnded': { es: 'Solo se puede ajustar una orden finalizada.', en: 'Only an ended order can be adjusted.' },
  'order.adjustOverStops': {
    es: 'No se puede ajustar {minutes} min: la orden {order} tiene {stopMinutes} min de paradas no descontadas.',
    en: 'Cannot adjust {minutes} min: order {order} has {stopMinutes} min of stops not discounted.',
  },
  'order.finalized': { es: 'La orden {order} ya fue finalizada.', en: 'Order {order} is already finalized.' },
  'order.otherLine': { es: 'La orden {order} pertenece a la línea {lineID}.', en: 'Order {order} belongs to line {lineID}.' },
  'order.noneRunning': { es: 'La línea {lineID} no tiene una orden en curso.', en: 'Line {lineID} has no order in progress.' },
  'order.notRunning': {
    es: 'La orden {order} no está en curso en la línea {lineID}.',
    en: 'Order {order} is not in progress on line {lineID}.',
  },
  // The order manager (issue 14).
  'order.duplicate': { es: 'Ya existe la orden {order}.', en: 'Order {order} already exists.' },
  'order.unknownProduct': { es: 'El producto {productCode} no existe.', en: 'Product {productCode} does not exist.' },
  'order.managerOff': {
    es: 'La línea {lineID} no tiene habilitado el gestor de órdenes.',
    en: 'Line {lineID} does not run the order manager.',
  },
  'order.productNotOnLine': {
    es: 'El producto {productCode} no tiene velocidad configurada en la línea {lineID}.',
    en: 'Product {productCode} has no speed configured on line {lineID}.',
  },
  'order.notDeletable': {
    es: 'La orden {order} ya se inició: solo se puede eliminar una orden creada que nunca se inició.',
    en: 'Order {order} has already started: only a created order that never started can be deleted.',
  },
  'order.notEditable': {
    es: 'La orden {order} ya se inició: su lote y su cantidad ya no se pueden modificar.',
    en: 'Order {order} has already started: its lot and quantity can no longer be changed.',
  },
  'order.preloadNotFound': { es: 'La orden de precarga {id} no existe.', en: 'Preload order {id} does not exist.' },
  'order.preloadQuantity': {
    es: 'Indique la cantidad de la orden en {unit}: los datos del producto {productCode} no permiten convertir {tonnes} t.',
    en: 'Enter the order’s quantity in {unit}: the data of product {productCode} cannot convert {tonnes} t.',
  },
  'order.preloadUsed': {
    es: 'La orden de precarga {id} (OP {op}) ya fue utilizada.',
    en: 'Preload order {id} (OP {op}) has already been used.',
  },

  // Configuration: users, notification groups, resources (lines), terminals.
  'parameters.directoryUrl': {
    es: 'La URL del directorio debe ser ldap://servidor[:puerto] o ldaps://servidor[:puerto].',
    en: 'The directory URL must be ldap://host[:port] or ldaps://host[:port].',
  },
  'parameters.directoryBindName': {
    es: 'El nombre de conexión al directorio debe contener {user} (por ejemplo {user}@{domain}).',
    en: 'The directory bind name must contain {user} (for example {user}@{domain}).',
  },
  'parameters.directoryCaFile': {
    es: 'El archivo de CA del directorio debe ser una ruta absoluta.',
    en: 'The directory CA file must be an absolute path.',
  },
  'validation.reference': {
    es: 'El campo {field} hace referencia a un registro que no existe.',
    en: 'The {field} field refers to a record that does not exist.',
  },
  'user.selfDelete': { es: 'No puede eliminar su propio usuario.', en: 'You cannot delete your own user.' },
  'user.selfDeactivate': { es: 'No puede desactivar su propio usuario.', en: 'You cannot deactivate your own user.' },
  'user.lastAdmin': {
    es: 'Debe quedar al menos un administrador activo: el último no se puede eliminar, desactivar ni cambiar de rol.',
    en: 'At least one active administrator must remain: the last one cannot be deleted, deactivated or given another role.',
  },
  'notification.watcherScope': { es: 'Debe seleccionar un edificio, un sector o una línea.', en: 'Select a building, a sector or a line.' },
  'notification.groupInUse': {
    es: 'No se puede eliminar el grupo: todavía tiene horarios, destinos, observadores o usuarios.',
    en: 'Cannot delete the group: it still has schedules, targets, watchers or users.',
  },
  // Telegram registration (SPEC.md section 8) and notifications (issue 17).
  'telegram.mailSent': { es: 'Correo enviado', en: 'Email sent' },
  'telegram.mailFailed': { es: 'Ha ocurrido un error, vuelva a intentarlo', en: 'An error has occurred, please try again' },
  'telegram.noEmail': {
    es: 'El usuario {0} debe ser configurado con un correo previamente.',
    en: 'The user {0} must first be configured with an email.',
  },
  'telegram.emailOff': {
    es: 'El correo no está habilitado: habilite el email e indique servidor y remitente en Parámetros generales.',
    en: 'Email is not enabled: enable email and set its server and sender in the General parameters.',
  },
  'telegram.botNameMissing': {
    es: 'Falta el nombre del bot de Telegram en Parámetros generales.',
    en: 'The Telegram bot name is missing in the General parameters.',
  },
  'resource.script': { es: 'El script {field} no es válido: {detail}', en: 'The {field} script is not valid: {detail}' },
  'terminal.ipAddress': { es: 'Debe ingresar una dirección IP válida.', en: 'Enter a valid IP address.' },
  'terminal.ipInUse': { es: 'Ya existe una terminal con la dirección IP {ip}.', en: 'A terminal with IP address {ip} already exists.' },
  'scoreboard.noTerminal': {
    es: 'Inicie sesión, o configure esta terminal con una línea, para ver el tablero.',
    en: 'Log in, or configure this terminal with a line, to see the scoreboard.',
  },
  'scoreboard.otherLine': {
    es: 'No tiene acceso para ver información de esta línea.',
    en: 'You have no access to see information about this line.',
  },
  'scoreboard.lineRequired': { es: 'Indique una línea o un sector.', en: 'Name a line or a sector.' },
  'scoreboard.lineOrSector': { es: 'Indique una línea o un sector, no ambos.', en: 'Name a line or a sector, not both.' },

  // Sessions and signatures.
  'auth.invalidCredentials': { es: 'Usuario o contraseña incorrectos.', en: 'Wrong username or password.' },
  'auth.inactive': { es: 'El usuario está inactivo.', en: 'The user is inactive.' },
  'auth.throttled': {
    es: 'Demasiados intentos fallidos. Espere {seconds} s y vuelva a intentarlo.',
    en: 'Too many failed attempts. Wait {seconds} s and try again.',
  },
  'auth.rateLimited': {
    es: 'Demasiados intentos desde esta dirección. Espere un minuto y vuelva a intentarlo.',
    en: 'Too many attempts from this address. Wait a minute and try again.',
  },
  'auth.required': { es: 'Debe iniciar sesión.', en: 'You must log in.' },
  'auth.expired': { es: 'Sesión expirada, vuelva a ingresar', en: 'Session expired, log back in' },
  'auth.forbidden': { es: 'No tiene permiso para esta acción.', en: 'You are not allowed to do this.' },
  'auth.invalidSignature': { es: 'Firma no válida', en: 'Invalid signature' },
  // Directory sign-in (issue 17). A wrong password and an unknown name answer 'auth.invalidCredentials' alike; these
  // come only after the directory accepted the password, or when it could not be asked at all.
  'auth.directoryUnavailable': {
    es: 'No se pudo contactar al directorio del dominio para validar el usuario. Vuelva a intentarlo en unos minutos o avise a un administrador.',
    en: 'The domain directory could not be reached to check the user. Try again in a few minutes or tell an administrator.',
  },
  'auth.notInGroup': {
    es: 'El usuario del dominio no pertenece al grupo autorizado para ingresar.',
    en: 'The domain user is not a member of the group allowed to sign in.',
  },
  'auth.notRegistered': {
    es: 'El usuario del dominio no está dado de alta en el sistema. Pida a un administrador que lo agregue.',
    en: 'The domain user is not registered in the system. Ask an administrator to add it.',
  },
  'auth.signatureTemporary': {
    es: 'La contraseña del firmante es temporal: debe cambiarla antes de firmar.',
    en: "The signer's password is temporary: it must be changed before signing.",
  },
  'auth.signatureRole': { es: 'El firmante no tiene permiso para esta acción.', en: 'The signer is not allowed to do this.' },

  // Passwords (issue 15): one rule wherever a password is set; a password set for the user is changed at sign-in.
  'password.rules': {
    es: 'La contraseña debe tener al menos 8 caracteres y no puede empezar ni terminar con espacios.',
    en: 'The password must have at least 8 characters and cannot start or end with blanks.',
  },
  'password.changeDue': {
    es: 'Debe cambiar su contraseña temporal antes de continuar.',
    en: 'You must change your temporary password before continuing.',
  },
  'password.wrongCurrent': { es: 'La contraseña actual no es correcta.', en: 'The current password is not correct.' },
  'password.directoryManaged': {
    es: 'Su contraseña es la del dominio: cámbiela en el dominio.',
    en: 'Your password is the domain one: change it in the domain.',
  },
  'password.sameAsCurrent': {
    es: 'La nueva contraseña debe ser distinta de la actual.',
    en: 'The new password must differ from the current one.',
  },

  // Setup (SPEC.md section 8).
  'setup.pending': {
    es: 'El sistema aún no fue configurado. Complete la configuración inicial en /setup.',
    en: 'The system is not configured yet. Complete the first-run setup at /setup.',
  },
  'setup.alreadyDone': { es: 'El sistema ya fue configurado.', en: 'The system is already configured.' },
  'setup.connectFailed': {
    es: 'No se pudo conectar a la base de datos. Por favor, verifique la cadena de conexión.',
    en: 'Could not connect to the database. Please check the connection string.',
  },
  'setup.unknownProvider': { es: 'Proveedor de base de datos desconocido: {provider}.', en: 'Unknown database provider: {provider}.' },

  // Data integrity.
  'data.notFound': { es: 'El registro no existe.', en: 'The record does not exist.' },
  'data.inUse': {
    es: 'No se puede eliminar: el registro está siendo utilizado por otros datos.',
    en: 'Cannot delete: the record is used by other data.',
  },
  'data.duplicate': { es: 'Ya existe un registro con esa clave.', en: 'A record with that key already exists.' },
  'data.brokenReference': {
    es: 'El registro hace referencia a datos que no existen.',
    en: 'The record refers to data that does not exist.',
  },
  'data.systemStop': {
    es: 'En las paradas de sistema solo se puede modificar el color y pareto.',
    en: 'On system stops only the colour and pareto can be changed.',
  },
  'data.systemDelete': { es: 'Las paradas de sistema no se pueden eliminar.', en: 'System stops cannot be deleted.' },

  // Maintenance manager (issue 14): calls and their refusals.
  'maintenance.disabled': {
    es: 'El gestor de mantenimiento está desactivado en los parámetros de la planta.',
    en: 'The maintenance manager is turned off in the plant parameters.',
  },
  'maintenance.openCall': {
    es: 'La línea {lineID} ya tiene un llamado de mantenimiento abierto (llamado {callID}, desde {date}).',
    en: 'Line {lineID} already has an open maintenance call (call {callID}, since {date}).',
  },
  'maintenance.alreadyStarted': { es: 'El llamado {callID} ya fue iniciado.', en: 'Call {callID} has already been started.' },
  'maintenance.notStarted': {
    es: 'El llamado {callID} todavía no fue iniciado: debe iniciarse antes de finalizarlo.',
    en: 'Call {callID} has not been started yet: it must be started before it is finished.',
  },
  'maintenance.closed': { es: 'El llamado {callID} ya está cerrado.', en: 'Call {callID} is already closed.' },
  'maintenance.reasonNotFound': { es: 'El motivo de llamado no existe.', en: 'The call reason does not exist.' },
  'maintenance.equipmentNotOfLine': {
    es: 'El equipo seleccionado no pertenece a la línea {lineID}.',
    en: 'The selected equipment does not belong to line {lineID}.',
  },

  // Configuration: OPC servers and tags, equipment, stop reasons, targets, products, validation and preload orders.
  'opc.daNotSupported': {
    es: 'Los servidores OPC DA (COM, solo Windows) se leen a través de un gateway OPC UA: registre el gateway como servidor UA.',
    en: 'OPC DA servers (COM, Windows only) are read through an OPC UA gateway: register the gateway as a UA server.',
  },
  'opc.endpointUrl': {
    es: 'Para un servidor UA indique la URL del endpoint, por ejemplo opc.tcp://host:4840.',
    en: 'For a UA server give the endpoint URL, for example opc.tcp://host:4840.',
  },
  'opc.modbusEndpoint': {
    es: 'Para un servidor Modbus indique host:puerto, por ejemplo 192.168.1.20:502.',
    en: 'For a Modbus server give host:port, for example 192.168.1.20:502.',
  },
  'opc.brokerUrl': {
    es: 'Para un servidor MQTT indique la URL del broker, por ejemplo mqtt://host:1883 o mqtts://host:8883.',
    en: 'For an MQTT server give the broker URL, for example mqtt://host:1883 or mqtts://host:8883.',
  },
  'opc.caCertificate': {
    es: 'El certificado de la CA debe estar en formato PEM (-----BEGIN CERTIFICATE-----).',
    en: 'The CA certificate must be in PEM form (-----BEGIN CERTIFICATE-----).',
  },
  'opc.securityUaOnly': {
    es: 'El modo de seguridad OPC UA solo se aplica a servidores UA; para MQTT use mqtts:// con el certificado de la CA.',
    en: 'The OPC UA security mode applies to UA servers only; for MQTT use mqtts:// with the CA certificate.',
  },
  'opc.modbusAddress': {
    es: 'En un servidor Modbus el tag debe ser <área>:<dirección>[.<bit>][:<tipo>][:<orden>][:counter][*<escala>], por ejemplo hr:100:uint32:CDAB o coil:5.',
    en: 'On a Modbus server the tag must be <area>:<address>[.<bit>][:<type>][:<order>][:counter][*<scale>], for example hr:100:uint32:CDAB or coil:5.',
  },
  'opc.mqttAddress': {
    es: 'En un servidor MQTT el tag debe ser un tópico sin comodines, tópico|$.campo[|$.tiempo], o spBv1.0/<grupo>/<nodo>[/<dispositivo>]|<métrica>.',
    en: 'On an MQTT server the tag must be a topic without wildcards, topic|$.field[|$.time], or spBv1.0/<group>/<node>[/<device>]|<metric>.',
  },
  'opc.nodeId': {
    es: 'En un servidor UA el tag debe ser un NodeId: ns=<n>;s=<nombre>, ns=<n>;i=<número> o nsu=<URI>;s=<nombre>.',
    en: 'On a UA server the tag must be a NodeId: ns=<n>;s=<name>, ns=<n>;i=<number> or nsu=<URI>;s=<name>.',
  },
  'opc.tagNameInUse': { es: 'Ya existe un tag con el nombre {name}.', en: 'A tag named {name} already exists.' },
  'opc.serverTypeTags': {
    es: 'No se puede cambiar el tipo: el tag {tag} no es válido para un servidor {type}.',
    en: 'The type cannot be changed: tag {tag} is not valid for a {type} server.',
  },
  'opc.serverHasTags': {
    es: 'No se puede eliminar el servidor: tiene {count} tags asociados.',
    en: 'Cannot delete the server: it has {count} tags.',
  },
  // Live tags: values pushed by API servers, their keys, the demo plant.
  'opc.policyRequired': {
    es: 'Con el modo Sign o SignAndEncrypt elija una política de seguridad.',
    en: 'With the Sign or SignAndEncrypt mode choose a security policy.',
  },
  'opc.policyWithoutMode': {
    es: 'Con el modo de seguridad None la política es None.',
    en: 'With security mode None the policy is None.',
  },
  'opc.passwordWithoutUser': { es: 'Indique el usuario de la contraseña.', en: 'Give the user name the password belongs to.' },
  'opc.certificateUnknown': {
    es: 'No hay ningún certificado de servidor con esa huella.',
    en: 'There is no server certificate with that thumbprint.',
  },
  'opc.apiKeyNotApi': { es: 'Solo un servidor de tipo API tiene clave de API.', en: 'Only a server of type API has an API key.' },
  'tags.apiKeyInvalid': { es: 'La clave de API no es válida.', en: 'The API key is not valid.' },
  'tags.apiServerDisabled': {
    es: 'El servidor de esta clave no es un servidor API habilitado.',
    en: 'The server of this key is not an enabled API server.',
  },
  'tags.valuesRequired': {
    es: 'Envíe los valores como [{ "tagName": …, "value": … }].',
    en: 'Send the values as [{ "tagName": …, "value": … }].',
  },
  'tags.unknownTags': {
    es: 'Tags que no son de un servidor API habilitado: {names}',
    en: 'Tags that do not belong to an enabled API server: {names}',
  },
  'tags.badValue': {
    es: 'El valor del tag {tag} no es válido para el tipo {type}.',
    en: 'The value of tag {tag} is not valid for type {type}.',
  },
  'setup.demoNeedsEmpty': {
    es: 'La planta de demostración solo se crea en una base de datos vacía.',
    en: 'The demo plant is only created in an empty database.',
  },
  'equipment.reasonIsCategory': {
    es: 'Debe seleccionar un motivo de parada, no una categoría.',
    en: 'Select a stop reason, not a category.',
  },
  'stopReason.parentNotCategory': {
    es: 'La categoría seleccionada no existe o no es una categoría.',
    en: 'The selected category does not exist or is not a category.',
  },
  'stopReason.parentCycle': { es: 'Un motivo no puede quedar dentro de sí mismo.', en: 'A reason cannot be placed inside itself.' },
  'stopReason.isCategoryFixed': {
    es: 'No se puede cambiar si el registro es categoría o motivo una vez creado.',
    en: 'Whether the record is a category or a reason cannot be changed once created.',
  },
  'stopReason.hasChildren': {
    es: 'No se puede eliminar una categoría que contiene motivos.',
    en: 'Cannot delete a category that contains reasons.',
  },
  'stopReason.color': { es: 'El color debe tener el formato #rrggbb.', en: 'The colour must be in #rrggbb format.' },
  'lookup.all': { es: 'Todos', en: 'All' },
  'validation.number': { es: 'El campo {field} debe ser numérico.', en: 'The {field} field must be a number.' },
  'target.duplicate': {
    es: 'La línea {line} ya tiene un objetivo con el tag {tag}.',
    en: 'Line {line} already has a target with tag {tag}.',
  },
  'preload.quantityDecimals': { es: 'El campo cantidad admite un solo decimal', en: 'The quantity field accepts one decimal place' },
  'preload.weightDecimals': { es: 'El campo peso admite hasta 2 decimales', en: 'The weight field accepts up to 2 decimal places' },
  'preload.deleted': {
    es: 'La orden de precarga fue eliminada y no se puede modificar.',
    en: 'The preload order was deleted and cannot be changed.',
  },
  // Production manager (feature module): lots, declared discards, wrapper types.
  'production.notEnabled': {
    es: 'La línea {line} no tiene habilitado el gestor de producción.',
    en: 'Line {line} does not have the production manager enabled.',
  },
  'production.noReadyOrder': { es: 'La línea {line} no tiene una orden en curso.', en: 'Line {line} has no order in progress.' },
  'production.orderNotOnLine': { es: 'La orden {order} no es de la línea {line}.', en: 'Order {order} is not an order of line {line}.' },
  'production.orderNotStarted': { es: 'La orden {order} todavía no comenzó.', en: 'Order {order} has not started yet.' },
  'production.orderWithoutProduct': {
    es: 'El producto de la orden no está definido: no se pueden calcular las unidades.',
    en: 'The order’s product is not defined: the units cannot be computed.',
  },
  'production.lotEmpty': {
    es: 'Ingrese paquetes o envoltorios: el lote no puede quedar vacío.',
    en: 'Enter packs or wrappers: the lot cannot be empty.',
  },
  'production.wrapperTypeUnknown': { es: 'El tipo de envoltorio {name} no existe.', en: 'Wrapper type {name} does not exist.' },
  'production.discardsExceedUnits': {
    es: 'Los descartes de la orden {order} ({discards}) superarían su producción ({units}).',
    en: 'The discards of order {order} ({discards}) would exceed its production ({units}).',
  },
  'production.discardsCounted': {
    es: 'La línea {line} cuenta sus descartes con una señal: no se declaran a mano.',
    en: 'Line {line} counts its discards from a signal: they are not declared by hand.',
  },
  'wrapperType.duplicate': { es: 'Ya existe el tipo de envoltorio {name}.', en: 'Wrapper type {name} already exists.' },
  'wrapperType.inUse': {
    es: 'El tipo de envoltorio {name} está en uso en {count} lotes: no se puede eliminar ni renombrar.',
    en: 'Wrapper type {name} is used by {count} lots: it cannot be deleted or renamed.',
  },
  'route.notFound': { es: 'La ruta {path} no existe.', en: 'The route {path} does not exist.' },
  // The central portal (issue 18): it reads the central copy and writes only its own users.
  'portal.readOnly': {
    es: 'El portal central solo lee los datos de las plantas: {method} {path} no existe.',
    en: "The central portal only reads the plants' data: {method} {path} does not exist.",
  },
  'portal.busy': {
    es: 'La base de datos central tardó demasiado en responder; acote el rango o reintente.',
    en: 'The central database took too long to answer; narrow the range or try again.',
  },
  'portal.unavailable': { es: 'La base de datos central no está disponible.', en: 'The central database is not available.' },
  'portal.rangeTooLong': { es: 'El rango admite como máximo {max} días.', en: 'The range accepts at most {max} days.' },
  'portal.lastAdministrator': {
    es: 'Debe quedar al menos un administrador activo.',
    en: 'At least one active administrator must remain.',
  },
  'internal.error': { es: 'Ha ocurrido un error', en: 'An error has occurred' },
  'disk.full': {
    es: 'Disco lleno: no se pudo guardar. Libere espacio en el disco del servidor.',
    en: "Disk full: could not save. Free space on the server's disk.",
  },
  'disk.lowSpace': {
    es: 'Queda poco espacio en el disco del servidor ({free} libres de {total}). Libere espacio antes de que se llene: con el disco lleno no se guarda nada.',
    en: "Little space is left on the server's disk ({free} free of {total}). Free space before it fills: on a full disk nothing is saved.",
  },
  // Issue 25: a figure above the nominal speed it is measured against (the report's warning column).
  'indicators.aboveNominalSpeed': {
    es: 'Por encima de la velocidad nominal: revise la velocidad del producto en la línea {n}',
    en: 'Above nominal speed: check the product speed of line {n}',
  },
  // Issue 29: the time waterfall (GET /api/losses/waterfall).
  'losses.oneScope': {
    es: 'Indique una línea (lineID), un sector (sectorID), ninguno (la planta) o una orden (order), no varios.',
    en: 'Give a line (lineID), a sector (sectorID), neither (the plant) or an order (order), not several.',
  },
  'losses.rangeRequired': { es: 'Indique el rango: from y to (o una orden).', en: 'Give the range: from and to (or an order).' },
  'losses.rangeOrder': {
    es: 'El inicio del rango (from) debe ser anterior a su fin (to).',
    en: 'The range start (from) must be before its end (to).',
  },
  'losses.rangeTooLong': { es: 'El rango admite como máximo {max} días.', en: 'The range accepts at most {max} days.' },
  // Issue 29: work calendars (domain/work-calendar.ts, PUT /api/calendars/…).
  'calendar.shiftCount': { es: 'El patrón debe tener de 1 a {max} turnos.', en: 'The pattern must have 1 to {max} shifts.' },
  'calendar.shiftCode': {
    es: 'El código de un turno son de 1 a 4 letras mayúsculas o cifras, y no puede ser TO (el día entero).',
    en: 'A shift code is 1 to 4 capital letters or digits, and cannot be TO (the whole day).',
  },
  'calendar.shiftCodeRepeated': { es: 'El código de turno {code} está repetido.', en: 'The shift code {code} is repeated.' },
  'calendar.shiftName': {
    es: 'El nombre del turno es obligatorio y admite como máximo {max} caracteres.',
    en: 'The shift name is required and accepts at most {max} characters.',
  },
  'calendar.time': { es: 'La hora debe tener el formato HH:mm.', en: 'The time must be in HH:mm format.' },
  'calendar.shiftOrder': {
    es: 'El turno {code} debe empezar después del turno anterior y antes de que empiece el día siguiente.',
    en: 'Shift {code} must start after the previous shift and before the next day starts.',
  },
  'calendar.shiftEnd': {
    es: 'El fin del turno {code} debe caer después de su inicio y no más tarde del inicio del turno siguiente.',
    en: 'The end of shift {code} must fall after its start and no later than the start of the next shift.',
  },
  'calendar.breakCount': { es: 'Un patrón admite como máximo {max} descansos.', en: 'A pattern accepts at most {max} breaks.' },
  'calendar.unknownShift': { es: 'El turno {code} no está en el patrón.', en: 'Shift {code} is not in the pattern.' },
  'calendar.breakMinutes': { es: 'Un descanso dura de 1 a {max} minutos.', en: 'A break lasts 1 to {max} minutes.' },
  'calendar.breakOutsideShift': {
    es: 'El descanso debe caer dentro del horario del turno {code}.',
    en: 'The break must fall within the scheduled time of shift {code}.',
  },
  'calendar.breakOverlap': { es: 'Los descansos de un turno no pueden solaparse.', en: "A shift's breaks cannot overlap." },
  'calendar.weekday': { es: 'Los días laborables van de 1 (lunes) a 7 (domingo).', en: 'Working days go from 1 (Monday) to 7 (Sunday).' },
  'calendar.weekdayRepeated': { es: 'Un día laborable está repetido.', en: 'A working day is repeated.' },
  'calendar.noVersion': { es: 'El calendario necesita al menos una versión.', en: 'The calendar needs at least one version.' },
  'calendar.date': {
    es: 'La fecha debe ser una fecha existente con el formato AAAA-MM-DD.',
    en: 'The date must be an existing date written YYYY-MM-DD.',
  },
  'calendar.versionRepeated': {
    es: 'Ya hay una versión del calendario desde el {date}.',
    en: 'There is already a calendar version from {date}.',
  },
  'calendar.exceptionConflict': {
    es: 'Las excepciones del {date} se contradicen: un festivo no admite otra excepción, hay una sola jornada reducida por día y un turno extra no se repite.',
    en: 'The exceptions of {date} contradict each other: a holiday admits no other exception, a day has one shorter day at most and an extra shift is not repeated.',
  },
  'calendar.daysRange': {
    es: 'El rango de días debe empezar (from) no después de terminar (to) y abarcar como máximo {max} días.',
    en: 'The range of days must start (from) no later than it ends (to) and span at most {max} days.',
  },
  'recalculation.daysOrder': {
    es: 'El primer día (from) no puede ser posterior al último (to).',
    en: 'The first day (from) cannot be after the last one (to).',
  },
  'calendar.shortDayUntil': {
    es: 'La jornada reducida debe terminar después del inicio del día.',
    en: 'The shorter day must end after the day starts.',
  },
} as const satisfies Record<string, { es: string; en: string }>;

export type MessageKey = keyof typeof catalogue;
export type Language = 'es' | 'en';

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalogue, value);
}

/** Field names as users read them in messages. */
const fieldLabels: Record<string, { es: string; en: string }> = {
  userID: { es: 'nombre de acceso', en: 'login name' },
  // The sign-in's and a signature's name (login.usernameRequired says the same words).
  userid: { es: 'nombre de usuario', en: 'username' },
  username: { es: 'nombre de usuario', en: 'username' },
  firstName: { es: 'nombre', en: 'first name' },
  lastName: { es: 'apellido', en: 'last name' },
  password: { es: 'contraseña', en: 'password' },
  currentPassword: { es: 'contraseña actual', en: 'current password' },
  newPassword: { es: 'contraseña nueva', en: 'new password' },
  roleID: { es: 'rol', en: 'role' },
  name: { es: 'nombre', en: 'name' },
  description: { es: 'descripción', en: 'description' },
  sectorName: { es: 'nombre del sector', en: 'sector name' },
  buildingName: { es: 'nombre del edificio', en: 'building name' },
  sectorID: { es: 'sector', en: 'sector' },
  hostName: { es: 'host', en: 'host name' },
  serverType: { es: 'tipo de servidor', en: 'server type' },
  tagName: { es: 'nombre del tag', en: 'tag name' },
  tagType: { es: 'tipo del tag', en: 'tag type' },
  opcServerID: { es: 'servidor OPC', en: 'OPC server' },
  tagValue: { es: 'URL del tag', en: 'tag URL' },
  securityMode: { es: 'modo de seguridad', en: 'security mode' },
  securityPolicy: { es: 'política de seguridad', en: 'security policy' },
  userName: { es: 'usuario', en: 'user name' },
  unitId: { es: 'unit id Modbus', en: 'Modbus unit id' },
  pollingMs: { es: 'periodo de lectura (ms)', en: 'polling period (ms)' },
  clientId: { es: 'client id MQTT', en: 'MQTT client id' },
  caCertificate: { es: 'certificado de la CA', en: 'CA certificate' },
  startTime: { es: 'hora de inicio', en: 'start time' },
  endTime: { es: 'hora de fin', en: 'end time' },
  type: { es: 'tipo', en: 'type' },
  channel: { es: 'canal', en: 'channel' },
  notifyAfterMinutes: { es: 'notificar después de (minutos)', en: 'notify after (minutes)' },
  reason: { es: 'motivo', en: 'reason' },
  detail: { es: 'detalle', en: 'detail' },
  code: { es: 'código', en: 'code' },
  lineID: { es: 'línea', en: 'line' },
  speed: { es: 'velocidad', en: 'speed' },
  tag: { es: 'tag', en: 'tag' },
  unit: { es: 'unidad', en: 'unit' },
  performance: { es: 'rendimiento', en: 'performance' },
  wrappersPerPackage: { es: 'envoltorios por paquete', en: 'wrappers per package' },
  unitsPerWrapper: { es: 'unidades por envoltorio', en: 'units per wrapper' },
  op: { es: 'OP', en: 'OP' },
  orderID: { es: 'orden', en: 'order' },
  lot: { es: 'lote', en: 'lot' },
  productCode: { es: 'producto', en: 'product' },
  parentID: { es: 'categoría', en: 'category' },
  reasonID: { es: 'motivo', en: 'reason' },
  equipmentID: { es: 'equipo', en: 'equipment' },
  color: { es: 'color', en: 'colour' },
  pareto: { es: 'pareto', en: 'pareto' },
  discountOEE: { es: 'descuenta OEE', en: 'discounts OEE' },
  isCategory: { es: 'es categoría', en: 'is category' },
  systemStop: { es: 'parada de sistema', en: 'system stop' },
  enabledForLine: { es: 'líneas habilitadas', en: 'enabled lines' },
  enabled: { es: 'habilitado', en: 'enabled' },
  targetSummary: { es: 'objetivo de producción', en: 'production target' },
  targetOEE: { es: 'objetivo de OEE', en: 'OEE target' },
  orderIDs: { es: 'órdenes', en: 'orders' },
  cliente: { es: 'cliente', en: 'customer' },
  producto: { es: 'producto', en: 'product' },
  cosecha: { es: 'cosecha', en: 'harvest' },
  cantidad: { es: 'cantidad', en: 'quantity' },
  bolsa: { es: 'bolsa', en: 'bag' },
  pesoBolsa: { es: 'peso de la bolsa', en: 'bag weight' },
  utilizado: { es: 'utilizado', en: 'used' },
  email: { es: 'email', en: 'email' },
  groupID: { es: 'grupo de notificación', en: 'notification group' },
  buildingId: { es: 'edificio', en: 'building' },
  ipAddress: { es: 'dirección IP', en: 'IP address' },
  calculationBaliza: { es: 'baliza', en: 'beacon' },
  calculationUnits: { es: 'unidades', en: 'units' },
  calculationDiscards: { es: 'descartes', en: 'discards' },
  fixedThroughput: { es: 'calcular throughput', en: 'calculate throughput' },
  microStopTime: { es: 'tiempo de microparada', en: 'microstop time' },
  counterPlausibilityFactor: { es: 'factor de plausibilidad de contadores', en: 'counter plausibility factor' },
  problemResolutionTime: { es: 'tiempo de resolución de problemas', en: 'problem resolution time' },
  gridRefreshTime: { es: 'tiempo de refresco de grillas', en: 'grid refresh time' },
  oeeCalculationRefresh: { es: 'refresco del cálculo de OEE', en: 'OEE calculation refresh' },
  emailFrom: { es: 'remitente de email', en: 'email sender' },
  emailPort: { es: 'puerto de email', en: 'email port' },
  telegramBotProxyPort: { es: 'puerto del proxy del bot', en: 'bot proxy port' },
  telegramNotificationInterval: { es: 'intervalo de notificación de Telegram', en: 'Telegram notification interval' },
  telegramBotPort: { es: 'puerto del proxy del bot', en: 'bot proxy port' },
  telegramBotName: { es: 'nombre del bot', en: 'bot name' },
  telegramApiBaseUrl: { es: 'dirección de la API de bots', en: 'Bot API address' },
  edgePublicUrl: { es: 'dirección pública del edge', en: 'edge public address' },
  plantName: { es: 'nombre de la planta', en: 'plant name' },
  language: { es: 'idioma', en: 'language' },
  telegramBotToken: { es: 'token del bot', en: 'bot token' },
  telegramBotProxyHost: { es: 'host del proxy del bot', en: 'bot proxy host' },
  emailHost: { es: 'servidor de email', en: 'email host' },
  domain: { es: 'dominio', en: 'domain' },
  group: { es: 'grupo', en: 'group' },
  directoryUrl: { es: 'URL del directorio', en: 'directory URL' },
  directoryBaseDN: { es: 'DN base del directorio', en: 'directory base DN' },
  directoryBindName: { es: 'nombre de conexión al directorio', en: 'directory bind name' },
  directoryCaFile: { es: 'archivo de CA del directorio', en: 'directory CA file' },
  // The order manager's form.
  order: { es: 'orden', en: 'order' },
  version: { es: 'versión (RP)', en: 'version (RP)' },
  desiredProductionQuantity: { es: 'cantidad deseada', en: 'desired quantity' },
  desiredProductionSpeed: { es: 'velocidad deseada', en: 'desired speed' },
  // Production manager.
  packs: { es: 'paquetes', en: 'packs' },
  wrappers: { es: 'envoltorios', en: 'wrappers' },
  wrapperType: { es: 'tipo de envoltorio', en: 'wrapper type' },
  quantity: { es: 'cantidad', en: 'quantity' },
  observation: { es: 'observación', en: 'observation' },
};

export function fieldLabel(field: string, language: Language): string {
  return fieldLabels[field]?.[language] ?? field;
}

/** A message's parameter: a value, or a message of its own translated in the same language. */
export type MessageParam = string | number | { readonly key: MessageKey; readonly params?: Readonly<Record<string, MessageParam>> };

export function translate(key: MessageKey, language: Language, params: Readonly<Record<string, MessageParam>> = {}): string {
  const template = catalogue[key][language];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name];
    if (value === undefined) return match;
    return typeof value === 'object' ? translate(value.key, language, value.params) : String(value);
  });
}

/** 'en' when the request's Accept-Language prefers English, else Spanish (the default language). */
export function languageOf(acceptLanguage: string | undefined): Language {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'es';
}
