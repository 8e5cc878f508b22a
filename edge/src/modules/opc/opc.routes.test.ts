import { describe, expect, it } from 'vitest';
import { configApi, expectError } from '../../../../test/support/config-api';

const api = configApi();
const { call, tokens } = api;

const db = api.db;
const snapshot = async () => ({
  servers: await db().selectFrom('opc_servers').selectAll().orderBy('opcServerID').execute(),
  tags: await db().selectFrom('opc_tags').selectAll().orderBy('tagID').execute(),
});

/** A write that must be refused: nothing stored may change. */
const refusedWrite = api.refusing(snapshot);

const ua = { name: 'PLC línea 1', description: 'Siemens S7-1500', hostName: 'opc.tcp://plc1:4840', serverType: 'UA', enabled: true };

const addServer = async (values: Record<string, unknown> = ua): Promise<number> =>
  (await api.insert('/api/opcservers', values, tokens.admin)).opcServerID;

const addTag = (values: Record<string, unknown>) => api.insert('/api/tags', values, tokens.admin);

describe('OPC servers', () => {
  it('round trip: insert answers the stored row, update, lookup, list with filter/sort/take/count, delete', async () => {
    const created = await call('POST', '/api/opcservers/post', { token: tokens.admin, form: { values: { ...ua, description: '' } } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      opcServerID: expect.any(Number),
      name: 'PLC línea 1',
      description: null,
      hostName: 'opc.tcp://plc1:4840',
      serverType: 'UA',
      enabled: true,
      securityMode: 'None',
      securityPolicy: 'None',
      userName: null,
      passwordSet: false,
      unitId: null,
      pollingMs: null,
      clientId: null,
      caCertificate: null,
    });
    const id = created.body.opcServerID;
    const updated = await call('PUT', '/api/opcservers/put', {
      token: tokens.admin,
      form: { key: id, values: { enabled: false, description: 'Apagado' } },
    });
    expect(updated.body).toMatchObject({ opcServerID: id, enabled: false, description: 'Apagado', name: 'PLC línea 1' });
    const apiServer = await addServer({ name: 'Balanza', hostName: 'balanza-api', serverType: 'API' });

    const lookup = await call('GET', '/api/opcservers/lookup', { token: tokens.admin });
    expect(lookup.body).toEqual([
      { value: apiServer, text: 'Balanza', serverType: 'API' },
      { value: id, text: 'PLC línea 1', serverType: 'UA' },
    ]);
    const list = await call('GET', '/api/opcservers', {
      token: tokens.admin,
      query: { filter: ['serverType', '=', 'UA'], sort: [{ selector: 'name' }], take: 1, requireTotalCount: true },
    });
    expect(list.body).toMatchObject({ totalCount: 1, data: [{ opcServerID: id }] });

    expect((await call('DELETE', '/api/opcservers/delete', { token: tokens.admin, form: { key: apiServer } })).status).toBe(204);
    expect(
      await db().selectFrom('opc_servers').select('opcServerID').where('opcServerID', '=', apiServer).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('is the administrator’s: supervisor, operator and consultant get 403; no token 401', async () => {
    for (const token of [tokens.supervisor, tokens.operator, tokens.consultant]) {
      expect((await call('GET', '/api/opcservers', { token })).status).toBe(403);
      expect((await call('GET', '/api/opcservers/lookup', { token })).status).toBe(403);
      expect((await refusedWrite('POST', '/api/opcservers', { token, json: { values: ua } })).status).toBe(403);
      expect((await call('GET', '/api/tags', { token })).status).toBe(403);
    }
    expect((await call('GET', '/api/opcservers')).status).toBe(401);
  });

  it('server type DA is refused with the message that says to register the OPC UA gateway instead', async () => {
    const da = await refusedWrite('POST', '/api/opcservers', {
      token: tokens.admin,
      json: { values: { ...ua, serverType: 'DA', hostName: 'Matrikon.OPC.Simulation' } },
    });
    expectError(
      da,
      400,
      'Los servidores OPC DA (COM, solo Windows) se leen a través de un gateway OPC UA: registre el gateway como servidor UA.',
      'serverType',
    );
    const english = await refusedWrite('POST', '/api/opcservers', {
      token: tokens.admin,
      language: 'en',
      json: { values: { ...ua, serverType: 'DA' } },
    });
    expectError(
      english,
      400,
      'OPC DA servers (COM, Windows only) are read through an OPC UA gateway: register the gateway as a UA server.',
      'serverType',
    );
  });

  it('name, hostName and serverType are required; name and hostName at most 100, description at most 80', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...ua, name: '' }, 'name', 'El campo nombre es obligatorio.'],
      [{ ...ua, name: 'n'.repeat(101) }, 'name', 'El campo nombre admite como máximo 100 caracteres.'],
      [{ ...ua, description: 'd'.repeat(81) }, 'description', 'El campo descripción admite como máximo 80 caracteres.'],
      [{ ...ua, hostName: undefined }, 'hostName', 'El campo host es obligatorio.'],
      [{ ...ua, serverType: 'API', hostName: 'h'.repeat(101) }, 'hostName', 'El campo host admite como máximo 100 caracteres.'],
      [{ ...ua, serverType: undefined }, 'serverType', 'El campo tipo de servidor es obligatorio.'],
      [{ ...ua, serverType: 'XX' }, 'serverType', 'El campo tipo de servidor no es válido.'],
    ];
    for (const [values, field, message] of cases) {
      expectError(await refusedWrite('POST', '/api/opcservers', { token: tokens.admin, json: { values } }), 400, message, field);
    }
  });

  it('a UA server’s host name must be its endpoint URL (opc.tcp://host:port)', async () => {
    const answer = await refusedWrite('POST', '/api/opcservers', {
      token: tokens.admin,
      json: { values: { ...ua, hostName: 'plc1:4840' } },
    });
    expectError(answer, 400, 'Para un servidor UA indique la URL del endpoint, por ejemplo opc.tcp://host:4840.', 'hostName');
  });

  it('a server with tags cannot be deleted (409), nor changed to a type its tags do not fit', async () => {
    const server = await addServer({ ...ua, name: 'Con tags' });
    await addTag({ tagName: 'ConTags.Run', tagType: 'Boolean', opcServerID: server, tagValue: 'ns=2;s=Run' });
    expectError(
      await refusedWrite('DELETE', '/api/opcservers', { token: tokens.admin, json: { key: server } }),
      409,
      'No se puede eliminar el servidor: tiene 1 tags asociados.',
    );
    const apiServer = await addServer({ name: 'API con tags', hostName: 'api', serverType: 'API' });
    await addTag({ tagName: 'Api.Peso', tagType: 'Double', opcServerID: apiServer, tagValue: 'peso' });
    const toUa = await refusedWrite('PUT', '/api/opcservers', {
      token: tokens.admin,
      json: { key: apiServer, values: { serverType: 'UA', hostName: 'opc.tcp://gw:4840' } },
    });
    expectError(toUa, 400, 'No se puede cambiar el tipo: el tag Api.Peso no es válido para un servidor UA.', 'serverType');
    // UA → API is fine: an API server takes any tag name.
    expect(
      (await call('PUT', '/api/opcservers', { token: tokens.admin, json: { key: server, values: { serverType: 'API' } } })).status,
    ).toBe(200);
  });
});

describe('OPC tags', () => {
  it('round trip: insert answers the stored row, update, list filtered by server, delete', async () => {
    const server = await addServer({ ...ua, name: 'Tags CRUD' });
    const tag = await addTag({ tagName: 'L1.Contador', tagType: 'UInt32', opcServerID: server, tagValue: 'ns=3;i=1001' });
    expect(tag).toEqual({
      tagID: expect.any(Number),
      tagName: 'L1.Contador',
      tagType: 'UInt32',
      opcServerID: server,
      tagValue: 'ns=3;i=1001',
    });
    const updated = await call('PUT', '/api/tags', {
      token: tokens.admin,
      form: { key: tag.tagID, values: { tagValue: 'nsu=urn:plc1;s=Contador', tagType: 'Int64' } },
    });
    expect(updated.body).toMatchObject({ tagID: tag.tagID, tagValue: 'nsu=urn:plc1;s=Contador', tagType: 'Int64' });
    const list = await call('GET', '/api/tags/get', {
      token: tokens.admin,
      query: { filter: ['opcServerID', '=', server], requireTotalCount: true },
    });
    expect(list.body).toMatchObject({ totalCount: 1, data: [{ tagName: 'L1.Contador' }] });
    expect((await call('DELETE', '/api/tags', { token: tokens.admin, form: { key: tag.tagID } })).status).toBe(204);
    expect((await call('DELETE', '/api/opcservers', { token: tokens.admin, form: { key: server } })).status).toBe(204);
  });

  it('a UA tag value must be a NodeId, with a clear message; an API tag takes any name', async () => {
    const server = await addServer({ ...ua, name: 'NodeIds' });
    const bad = await refusedWrite('POST', '/api/tags', {
      token: tokens.admin,
      json: { values: { tagName: 'Mal', tagType: 'Int16', opcServerID: server, tagValue: 'DB1.DBW0' } },
    });
    expectError(
      bad,
      400,
      'En un servidor UA el tag debe ser un NodeId: ns=<n>;s=<nombre>, ns=<n>;i=<número> o nsu=<URI>;s=<nombre>.',
      'tagValue',
    );
    const english = await refusedWrite('POST', '/api/tags', {
      token: tokens.admin,
      language: 'en',
      json: { values: { tagName: 'Mal', tagType: 'Int16', opcServerID: server, tagValue: 'ns=2;q=1' } },
    });
    expectError(
      english,
      400,
      'On a UA server the tag must be a NodeId: ns=<n>;s=<name>, ns=<n>;i=<number> or nsu=<URI>;s=<name>.',
      'tagValue',
    );
    const apiServer = await addServer({ name: 'API nombres', hostName: 'api', serverType: 'API' });
    expect((await addTag({ tagName: 'Libre', tagType: 'String', opcServerID: apiServer, tagValue: 'DB1.DBW0' })).tagValue).toBe('DB1.DBW0');
  });

  it('Modbus and MQTT servers: their endpoint, settings and tag addresses are checked, with clear messages; the broker password is write-only', async () => {
    const modbus = await addServer({ name: 'PLC Modbus', hostName: '10.0.0.5:502', serverType: 'Modbus', unitId: 3, pollingMs: 500 });
    expect(
      (await addTag({ tagName: 'M.Units', tagType: 'UInt32', opcServerID: modbus, tagValue: 'hr:100:uint32:CDAB:counter' })).tagValue,
    ).toBe('hr:100:uint32:CDAB:counter');
    const badTag = await refusedWrite('POST', '/api/tags', {
      token: tokens.admin,
      json: { values: { tagName: 'M.Mal', tagType: 'Int16', opcServerID: modbus, tagValue: 'ns=2;s=A' } },
    });
    expectError(
      badTag,
      400,
      'En un servidor Modbus el tag debe ser <área>:<dirección>[.<bit>][:<tipo>][:<orden>][:counter][*<escala>], por ejemplo hr:100:uint32:CDAB o coil:5.',
      'tagValue',
    );
    const badEndpoint = await refusedWrite('POST', '/api/opcservers', {
      token: tokens.admin,
      language: 'en',
      json: { values: { name: 'X', hostName: 'opc.tcp://plc:4840', serverType: 'Modbus' } },
    });
    expectError(badEndpoint, 400, 'For a Modbus server give host:port, for example 192.168.1.20:502.', 'hostName');
    const badUnit = await refusedWrite('POST', '/api/opcservers', {
      token: tokens.admin,
      json: { values: { name: 'X', hostName: 'plc:502', serverType: 'Modbus', unitId: 256 } },
    });
    expect(badUnit.status).toBe(400);
    expect(Object.keys(badUnit.body.error.fields)).toEqual(['unitId']);

    const mqtt = await api.insert(
      '/api/opcservers',
      { name: 'Broker', hostName: 'mqtts://broker:8883', serverType: 'MQTT', clientId: 'edge-1', userName: 'edge', password: 'secreto' },
      tokens.admin,
    );
    expect(mqtt).toMatchObject({ serverType: 'MQTT', clientId: 'edge-1', userName: 'edge', passwordSet: true });
    expect(mqtt).not.toHaveProperty('password');
    for (const tagValue of ['plant/line1/running', 'plant/line1|$.units|$.ts', 'spBv1.0/Plant/Node1/Line1|Units']) {
      expect((await addTag({ tagName: `Q.${tagValue.length}`, tagType: 'UInt32', opcServerID: mqtt.opcServerID, tagValue })).tagValue).toBe(
        tagValue,
      );
    }
    const wildcard = await refusedWrite('POST', '/api/tags', {
      token: tokens.admin,
      language: 'en',
      json: { values: { tagName: 'Q.Mal', tagType: 'Int16', opcServerID: mqtt.opcServerID, tagValue: 'plant/+/running' } },
    });
    expectError(
      wildcard,
      400,
      'On an MQTT server the tag must be a topic without wildcards, topic|$.field[|$.time], or spBv1.0/<group>/<node>[/<device>]|<metric>.',
      'tagValue',
    );
    const badBroker = await refusedWrite('POST', '/api/opcservers', {
      token: tokens.admin,
      json: { values: { name: 'X', hostName: 'broker:1883', serverType: 'MQTT' } },
    });
    expectError(
      badBroker,
      400,
      'Para un servidor MQTT indique la URL del broker, por ejemplo mqtt://host:1883 o mqtts://host:8883.',
      'hostName',
    );
    const badCa = await refusedWrite('POST', '/api/opcservers', {
      token: tokens.admin,
      json: { values: { name: 'X', hostName: 'mqtts://b', serverType: 'MQTT', caCertificate: 'not a pem' } },
    });
    expectError(badCa, 400, 'El certificado de la CA debe estar en formato PEM (-----BEGIN CERTIFICATE-----).', 'caCertificate');
    // An MQTT server with topic tags cannot become a Modbus server: its tags would read nothing.
    const changed = await refusedWrite('PUT', '/api/opcservers', {
      token: tokens.admin,
      form: { key: mqtt.opcServerID, values: { serverType: 'Modbus', hostName: 'plc:502' } },
    });
    expect(changed.status).toBe(400);
    expect(Object.keys(changed.body.error.fields)).toEqual(['serverType']);
  });

  it('tagName is unique (409 on the field); required fields and lengths are checked', async () => {
    const server = await addServer({ ...ua, name: 'Únicos' });
    await addTag({ tagName: 'Unico', tagType: 'Boolean', opcServerID: server, tagValue: 'ns=2;s=A' });
    const duplicate = await refusedWrite('POST', '/api/tags', {
      token: tokens.admin,
      json: { values: { tagName: 'Unico', tagType: 'Boolean', opcServerID: server, tagValue: 'ns=2;s=B' } },
    });
    expectError(duplicate, 409, 'Ya existe un tag con el nombre Unico.', 'tagName');

    const base = { tagName: 'Nuevo', tagType: 'Float', opcServerID: server, tagValue: 'ns=2;s=C' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, tagName: ' ' }, 'tagName', 'El campo nombre del tag es obligatorio.'],
      [{ ...base, tagName: 't'.repeat(101) }, 'tagName', 'El campo nombre del tag admite como máximo 100 caracteres.'],
      [{ ...base, tagType: undefined }, 'tagType', 'El campo tipo del tag es obligatorio.'],
      [{ ...base, tagType: 'Decimal' }, 'tagType', 'El campo tipo del tag no es válido.'],
      [{ ...base, opcServerID: undefined }, 'opcServerID', 'El campo servidor OPC es obligatorio.'],
      [{ ...base, opcServerID: 9999 }, 'opcServerID', 'El campo servidor OPC hace referencia a un registro que no existe.'],
      [{ ...base, tagValue: '' }, 'tagValue', 'El campo URL del tag es obligatorio.'],
    ];
    for (const [values, field, message] of cases) {
      expectError(await refusedWrite('POST', '/api/tags', { token: tokens.admin, json: { values } }), 400, message, field);
    }
  });
});
