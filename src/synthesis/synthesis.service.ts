import { Injectable } from '@nestjs/common';
import { AppConfig, type SynthesisConfig } from '../config/app-config.js';
import type { ProductIntelligence } from './product-intelligence.schema.js';
import type { SynthesisInput } from './synthesis.types.js';
import { synthesize } from './synthesize.js';

/** The Nest face of synthesize(): binds the configured weights and prior strength. */
@Injectable()
export class SynthesisService {
  private readonly config: SynthesisConfig;

  constructor(config: AppConfig) {
    this.config = config.synthesis;
  }

  synthesize(input: SynthesisInput): ProductIntelligence {
    return synthesize(input, this.config);
  }
}
