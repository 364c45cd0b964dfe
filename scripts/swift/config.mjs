// The configuration files of a single-node Swift with the s3api middleware, written under
// one directory: every server on 127.0.0.1, one device, one replica, logs on stderr.

/**
 * What each server shares: its own directory for rings and swift.conf, no mount check (the
 * device is a plain directory), the current user (Swift drops privileges to this name), and
 * a logging hook that takes the syslog handler away (stderr goes to a file per server).
 */
function defaults({ dir, user, port }) {
  return [
    '[DEFAULT]',
    'bind_ip = 127.0.0.1',
    `bind_port = ${port}`,
    `swift_dir = ${dir}`,
    `devices = ${dir}/devices`,
    'mount_check = false',
    'disable_fallocate = true',
    `user = ${user}`,
    'workers = 1',
    'log_level = INFO',
    'log_custom_handlers = codedrop_swift_log.drop_syslog',
    '',
  ];
}

function backend(kind, options) {
  return [
    ...defaults(options),
    '[pipeline:main]',
    `pipeline = ${kind}-server`,
    '',
    `[app:${kind}-server]`,
    `use = egg:swift#${kind}`,
    '',
  ];
}

/**
 * The proxy: s3api before tempauth (it checks v2 and v4 signatures against the tempauth
 * key), SLO after it (s3api builds multipart uploads on it), and a memcache filter pointed
 * at a closed port because tempauth refuses to run without one.
 */
function proxy(options) {
  const { accessKeyId, secretAccessKey, region, memcachePort } = options;
  const [account, user] = accessKeyId.split(':');
  return [
    ...defaults(options),
    '[pipeline:main]',
    'pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats ' +
      's3api tempauth copy slo dlo proxy-logging proxy-server',
    '',
    '[app:proxy-server]',
    'use = egg:swift#proxy',
    'account_autocreate = true',
    'allow_account_management = true',
    '',
    '[filter:s3api]',
    'use = egg:swift#s3api',
    `location = ${region}`,
    's3_acl = false',
    'allow_multipart_uploads = true',
    'dns_compliant_bucket_names = true',
    'check_bucket_owner = false',
    '',
    '[filter:tempauth]',
    'use = egg:swift#tempauth',
    `user_${account}_${user} = ${secretAccessKey} .admin`,
    '',
    '[filter:cache]',
    'use = egg:swift#memcache',
    `memcache_servers = 127.0.0.1:${memcachePort}`,
    'error_suppression_limit = 1',
    'error_suppression_interval = 86400',
    // Every request would log that no memcached answers; nothing listens there on purpose
    // (`set`: a plain key does not override one from [DEFAULT] in paste.deploy).
    'set log_level = CRITICAL',
    '',
    ...[
      'catch_errors',
      'gatekeeper',
      'healthcheck',
      'listing_formats',
      'copy',
      'slo',
      'dlo',
    ].flatMap((name) => [`[filter:${name}]`, `use = egg:swift#${name}`, '']),
    '[filter:proxy-logging]',
    'use = egg:swift#proxy_logging',
    '',
  ];
}

/** Every file as [name, text]; `ports` holds account, container, object and proxy. */
export function swiftFiles({
  dir,
  user,
  ports,
  memcachePort,
  accessKeyId,
  secretAccessKey,
  region,
}) {
  const base = { dir, user };
  const hash = () => Math.random().toString(36).slice(2);
  return [
    [
      'swift.conf',
      [
        '[swift-hash]',
        `swift_hash_path_prefix = ${hash()}`,
        `swift_hash_path_suffix = ${hash()}`,
        '',
        '[storage-policy:0]',
        'name = Policy-0',
        'default = yes',
        '',
      ],
    ],
    ['account-server.conf', backend('account', { ...base, port: ports.account })],
    ['container-server.conf', backend('container', { ...base, port: ports.container })],
    ['object-server.conf', backend('object', { ...base, port: ports.object })],
    [
      'proxy-server.conf',
      proxy({ ...base, port: ports.proxy, memcachePort, accessKeyId, secretAccessKey, region }),
    ],
    ['codedrop_swift_log.py', dropSyslog],
  ].map(([name, lines]) => [name, lines.join('\n')]);
}

// Swift always adds a syslog handler; with `-v` it also logs to stderr, which is kept.
const dropSyslog = [
  'import logging.handlers',
  '',
  '',
  'def drop_syslog(conf, name, log_to_console, log_route, fmt, logger, adapted_logger):',
  '    for handler in list(logger.handlers):',
  '        if isinstance(handler, logging.handlers.SysLogHandler):',
  '            logger.removeHandler(handler)',
  '',
];

/**
 * A Python script that checks user xattrs on the device directory (Swift keeps object
 * metadata in them), then runs swift-ring-builder's own entry point once per command in
 * one interpreter, which saves a second of start-up per command.
 */
export function prepareScript({ dir, ports }) {
  const commands = ['account', 'container', 'object'].flatMap((kind) => {
    const builder = `${dir}/${kind}.builder`;
    return [
      [builder, 'create', '6', '1', '1'],
      [builder, 'add', `r1z1-127.0.0.1:${ports[kind]}/d1`, '1'],
      [builder, 'rebalance'],
    ];
  });
  return [
    'import os, sys',
    `probe = os.path.join(${JSON.stringify(`${dir}/devices/d1`)}, '.xattr-probe')`,
    "open(probe, 'w').close()",
    'try:',
    "    os.setxattr(probe, 'user.codedrop', b'1')",
    'except OSError as error:',
    "    sys.exit('Swift needs user extended attributes (xattrs) on %s: %s' % (probe, error))",
    'os.remove(probe)',
    'from swift.cli.ringbuilder import main',
    `for argv in ${JSON.stringify(commands)}:`,
    '    try:',
    "        main(['swift-ring-builder'] + argv)",
    '    except SystemExit as done:',
    '        if done.code not in (None, 0, 1):',
    "            sys.exit('swift-ring-builder %s failed' % ' '.join(argv))",
    '',
  ].join('\n');
}
