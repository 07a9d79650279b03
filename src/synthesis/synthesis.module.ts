import { Module } from '@nestjs/common';
import { SynthesisService } from './synthesis.service.js';

// AppConfig comes from the global ConfigModule.
@Module({ providers: [SynthesisService], exports: [SynthesisService] })
export class SynthesisModule {}
