import { describe, expect, it } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { ConfigModule } from '../config/config.module.js';
import { SynthesisModule } from './synthesis.module.js';
import { SynthesisService } from './synthesis.service.js';

describe(SynthesisModule.name, () => {
  it('provides SynthesisService with AppConfig from the global ConfigModule', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule, SynthesisModule],
    }).compile();
    expect(moduleRef.get(SynthesisService)).toBeInstanceOf(SynthesisService);
    await moduleRef.close();
  });
});
