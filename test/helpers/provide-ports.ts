import { provideAdapterPorts } from '../../functions/adapters/ports';

// Tests call core's use-cases directly, as the handlers do after `coreHandler` injected the adapters as
// core's ports (functions/core/ports.ts). A test wanting fakes provides its own after this.
provideAdapterPorts();
