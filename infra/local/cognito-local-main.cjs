'use strict';
/**
 * Starts cognito-local with the repairs the product's local runtime needs (CommonJS, because it runs as
 * cognito-local's own entry point in the emulator's child process, before any TypeScript loader):
 *
 * - Writes never get lost. cognito-local opens a fresh copy of a user pool's JSON file for every request and
 *   writes the whole file back, so two requests at once (a ConfirmSignUp and an AdminUpdateUserAttributes)
 *   each write their own copy and one change disappears ("User is not confirmed" after a 200). Here every
 *   file has one shared copy in memory, and its writes run one at a time, atomically (temp file + rename,
 *   so a kill -9 mid-write leaves the previous file, never half of one).
 * - A confirmation code reaches the parent at once, over IPC, instead of through pino's buffered log.
 * - ResendConfirmationCode exists (cognito-local answers "Unsupported x-amz-target").
 * - ConfirmSignUp and ConfirmForgotPassword mark the e-mail verified, as Cognito does: the code went to it.
 */
const { rename, writeFile } = require('node:fs/promises');

const lib = (path) => require(`cognito-local/lib/${path}`);
const { StormDBDataStoreFactory } = lib('services/dataStore/stormDb');
const { ConsoleMessageSender } = lib('services/messageDelivery/consoleMessageSender');
const { Targets } = lib('targets/targets');
const { UserNotFoundError, InvalidParameterError } = lib('errors');
const { attributeValue, attributesAppend, attribute } = lib('services/userPoolService');

const stores = new Map();
const originalCreate = StormDBDataStoreFactory.prototype.create;
StormDBDataStoreFactory.prototype.create = function create(ctx, id, defaults) {
  const file = `${this.directory}/${id}.json`;
  if (!stores.has(file)) {
    const opened = originalCreate.call(this, ctx, id, defaults).then((store) => {
      serializeWrites(store.db, file);
      return store;
    });
    // A failed open is retried by the next request rather than remembered.
    opened.catch(() => stores.delete(file));
    stores.set(file, opened);
  }
  return stores.get(file);
};

/** One write at a time per file, each of the whole current state, to a temp file renamed over the old one. */
function serializeWrites(db, file) {
  const engine = db.engine;
  let queue = Promise.resolve();
  engine.write = (state) => {
    const text = engine.serialize(state);
    const write = queue.then(async () => {
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, text);
      await rename(temp, file);
    });
    queue = write.catch(() => undefined);
    return write;
  };
}

const originalSend = ConsoleMessageSender.prototype.sendToConsole;
ConsoleMessageSender.prototype.sendToConsole = function sendToConsole(ctx, user, destination, message) {
  if (process.send && message.__code) {
    process.send({
      type: 'confirmation-code',
      to: destination,
      code: message.__code,
      subject: message.emailSubject || 'Your verification code',
    });
  }
  return originalSend.call(this, ctx, user, destination, message);
};

/** The user with `email_verified` set, saved. */
async function markVerified(userPool, ctx, username, clock) {
  const user = await userPool.getUserByUsername(ctx, username);
  if (!user) return;
  await userPool.saveUser(ctx, {
    ...user,
    UserLastModifiedDate: clock.get(),
    Attributes: attributesAppend(user.Attributes, attribute('email_verified', 'true')),
  });
}

for (const name of ['ConfirmSignUp', 'ConfirmForgotPassword']) {
  const original = Targets[name];
  Targets[name] = (services) => {
    const target = original(services);
    return async (ctx, req) => {
      const result = await target(ctx, req);
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      await markVerified(userPool, ctx, req.Username, services.clock);
      return result;
    };
  };
}

Targets.ResendConfirmationCode =
  ({ cognito, clock, messages, otp }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const email = attributeValue('email', user.Attributes);
    if (!email) throw new InvalidParameterError('User has no e-mail to send a code to.');
    const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    const code = otp();
    // Saved before it is sent, so the code in the mailbox is always the one that confirms.
    await userPool.saveUser(ctx, { ...user, UserLastModifiedDate: clock.get(), ConfirmationCode: code });
    await messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata,
      deliveryDetails,
    );
    return { CodeDeliveryDetails: deliveryDetails };
  };

require('cognito-local/lib/bin/start.js');
